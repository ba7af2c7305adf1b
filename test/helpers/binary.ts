import { PDFParse } from 'pdf-parse';
import type request from 'supertest';

/** supertest's parser for a binary answer (a PDF, a ZIP): `.buffer(true).parse(binaryBody)`, then `res.body` is one Buffer. */
export const binaryBody = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** The text of a PDF. */
export async function pdfText(buf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(buf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
