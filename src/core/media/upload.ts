import type { Request, RequestHandler } from 'express';
import multer, { type StorageEngine } from 'multer';
import { AppError } from '../http/errors.js';
import { BODY_LIMIT_BYTES } from '../http/request-guards.js';

/**
 * The upload middleware for images. Files stay in memory (the whole request is at most 20 MB), and every
 * multer limit is set: multer's defaults are all Infinity. No text fields are accepted: image uploads carry
 * files only, so a stray field is a 400 like an unknown JSON key.
 */

const tooLarge = () => new AppError(413, 'payload_too_large', 'Die Anfrage ist zu groß (höchstens 20 MB).');

/**
 * Memory storage with a cap on the sum of all files of one request. The 20 MB guard in front only sees a
 * declared Content-Length; a chunked body has none, and multer's fileSize limit counts per file.
 */
class BoundedMemoryStorage implements StorageEngine {
  readonly #totals = new WeakMap<Request, number>();

  constructor(private readonly maxTotalBytes: number) {}

  _handleFile(req: Request, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error?: unknown, info?: Partial<Express.Multer.File>) => {
      if (finished) return;
      finished = true;
      cb(error, info);
    };
    file.stream.on('data', (chunk: Buffer) => {
      if (finished) return;
      const total = (this.#totals.get(req) ?? 0) + chunk.length;
      this.#totals.set(req, total);
      if (total > this.maxTotalBytes) {
        chunks.length = 0;
        file.stream.resume();
        finish(tooLarge());
        return;
      }
      size += chunk.length;
      chunks.push(chunk);
    });
    file.stream.on('end', () => finish(null, { buffer: Buffer.concat(chunks), size }));
    file.stream.on('error', (err) => finish(err));
  }

  _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
    file.buffer = Buffer.alloc(0);
    cb(null);
  }
}

/** Accepts up to `maxFiles` files in the multipart field `field`; read them with `uploadedFiles(req)`. */
export function imageUpload(field: string, maxFiles: number): RequestHandler {
  return multer({
    storage: new BoundedMemoryStorage(BODY_LIMIT_BYTES),
    // Browsers send file names as UTF-8; busboy's default (latin1) would garble „Hündin.jpg“.
    defParamCharset: 'utf8',
    limits: {
      fileSize: BODY_LIMIT_BYTES,
      files: maxFiles,
      fields: 0,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: maxFiles,
      headerPairs: 100,
    },
  }).array(field, maxFiles);
}

/** The files multer kept for this request (none when the request was not multipart). */
export function uploadedFiles(req: Request): Express.Multer.File[] {
  return Array.isArray(req.files) ? req.files : [];
}

/** Original file names are the user's text: shown back in messages, so keep them short and printable. */
export function displayName(file: Express.Multer.File): string {
  const clean = file.originalname.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean || 'Datei';
}
