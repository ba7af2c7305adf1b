// Sends one planned request to the app in-process (supertest) as one of the fuzz stage's people, and hands back the
// answer as bytes (decompressed) with its JSON parsed, so the contract check and the leak check read the same thing.
import type { Express } from 'express';
import request from 'supertest';
import type { PlannedRequest } from './request-plan.js';

export interface Answer {
  status: number;
  contentType: string | null;
  /** The body as text (binary bodies as latin1: a marker in them is still found). */
  text: string;
  hasBody: boolean;
  json?: unknown;
  jsonError?: string;
}

function collect(res: NodeJS.ReadableStream & { setEncoding?: unknown }, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer | string) => chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c)));
  res.on('end', () => done(null, Buffer.concat(chunks)));
  res.on('error', (err: Error) => done(err, Buffer.alloc(0)));
}

export async function send(app: Express, plan: PlannedRequest, cookie: string | undefined): Promise<Answer> {
  let req = request(app)
    [plan.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](plan.url)
    .buffer(true)
    .parse(collect as never)
    .timeout({ response: 20_000, deadline: 30_000 });
  // As the app's own client asks (src/client/core/api.ts); without it, errors outside /api/ come as HTML pages.
  req = req.set('Accept', 'application/json');
  if (cookie) req = req.set('Cookie', cookie);
  const body = plan.body;
  if (body?.kind === 'json') req = req.set('Content-Type', 'application/json').send(JSON.stringify(body.value) ?? 'null');
  else if (body?.kind === 'raw') req = req.set('Content-Type', body.contentType).send(body.text);
  else if (body?.kind === 'multipart') {
    for (const [name, value] of body.fields) req = req.field(name, value);
    for (const f of body.files) req = req.attach(f.field, f.bytes, { filename: f.filename, contentType: f.contentType });
    // supertest sends no multipart without a part; an empty form still is one.
    if (body.fields.length === 0 && body.files.length === 0) req = req.field('nichts', '');
  }
  const res = await req.ok(() => true);
  const bytes = Buffer.isBuffer(res.body) ? res.body : Buffer.alloc(0);
  const contentType = (res.headers['content-type'] as string | undefined) ?? null;
  const isJson = !!contentType && /^application\/(?:[\w.-]+\+)?json\b/i.test(contentType);
  const text = bytes.toString(isJson || /^text\//i.test(contentType ?? '') ? 'utf8' : 'latin1');
  const answer: Answer = { status: res.status, contentType, text, hasBody: bytes.length > 0 };
  if (isJson && bytes.length && plan.method !== 'HEAD') {
    try {
      answer.json = JSON.parse(text);
    } catch (err) {
      answer.jsonError = String(err);
    }
  }
  return answer;
}
