import { existsSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import compression from 'compression';
import type { Express, RequestHandler, Response } from 'express';

/**
 * Compression (decisions: Compression). Text answers of 1 KB or more — HTML, JSON, JS, CSS, SVG, GeoJSON, GPX,
 * ICS, CSV — go out with brotli or gzip as the request's Accept-Encoding allows, and `Vary: Accept-Encoding`.
 * Images, PDFs and ZIPs are compressed already and go out as they are (a byte range of them stays a byte range).
 * Express's ETags are weak (`W/"…"`), which RFC 9110 allows to stand for every encoding of the same answer.
 */

/** The content types worth compressing: everything else (images, PDF, ZIP, octet streams) is sent as it is. */
const TEXT = /^(?:text\/|application\/(?:json|javascript|xml|geo\+json|gpx\+xml|manifest\+json|ld\+json)|image\/svg\+xml)/;

export const isCompressibleType = (contentType: string) => TEXT.test(contentType);

export const THRESHOLD_BYTES = 1024;
/** Above this the compression runs on libuv's thread pool, so a large answer never holds up the event loop. */
const SYNC_LIMIT_BYTES = 64 * 1024;
// Brotli 4 compresses about like gzip 9 at a fraction of its CPU: the usual level for answers made per request.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Send = Response['send'];
type Encoding = 'br' | 'gzip';

/**
 * Bodies that are sent again and again unchanged (cached pages, cached-body.ts) and their compressed forms, made on
 * the first request that asks for an encoding. Keyed by the Buffer itself: the forms go when the cache lets the
 * body go. Only bodies registered here: every other Buffer might be changed and sent again.
 */
const packedOnce = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer> | Buffer>>>();

/** Registers a body that never changes after this call; its compressed forms are then made once. */
export function compressOnce(body: Buffer): Buffer {
  packedOnce.set(body, {});
  return body;
}

/** One compression: on the event loop up to SYNC_LIMIT_BYTES, on libuv's thread pool above. */
function compress(raw: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  if (raw.length > SYNC_LIMIT_BYTES) return encoding === 'br' ? brotliAsync(raw, BROTLI) : gzipAsync(raw);
  return encoding === 'br' ? brotliCompressSync(raw, BROTLI) : gzipSync(raw);
}

/** The body compressed with `encoding`: for a registered body the same bytes on every call, made once. */
export function packed(raw: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  const forms = packedOnce.get(raw);
  const known = forms?.[encoding];
  if (known) return known;
  const made = compress(raw, encoding);
  if (forms) {
    forms[encoding] = made;
    // A failed compression is not kept: the next request tries again.
    if (made instanceof Promise) made.then((bytes) => (forms[encoding] = bytes)).catch(() => delete forms[encoding]);
  }
  return made;
}

/**
 * Every answer the app makes in one piece — JSON, pages, GPX, ICS, CSV: all of them pass `res.send` — is compressed
 * there, on the app's response prototype. The `compression` middleware did the same by wrapping `write`, `end` and
 * `writeHead` of every response, small ones included: about a fifth of the CPU of `GET /api/auth/me`
 * (docs/performance.md). Streamed files never pass `send`: the built assets go out as the twins the build compressed
 * (`precompressed` below), media are images and PDFs, and `compressStreams()` covers what else streams text.
 */
export function compressSentText(app: Express): void {
  const send: Send = app.response.send;
  app.response.send = function sendCompressed(this: Response, body?: unknown) {
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return send.call(this, body); // an object goes to res.json, which comes back with a Buffer (json-answer.ts)
    const type = typeOf(this, body);
    if (this.headersSent || !isCompressibleType(type)) return send.call(this, body);
    varyOnEncoding(this);
    const req = this.req;
    if (req.method === 'HEAD' || this.statusCode === 204 || this.statusCode === 304 || this.getHeader('Content-Encoding')) return send.call(this, body);
    if (/\bno-transform\b/i.test(String(this.getHeader('Cache-Control') ?? ''))) return send.call(this, body);
    // A string of fewer than THRESHOLD/3 UTF-16 units cannot reach the threshold in UTF-8: no need to count bytes.
    if (typeof body === 'string' ? body.length * 3 < THRESHOLD_BYTES || Buffer.byteLength(body) < THRESHOLD_BYTES : body.length < THRESHOLD_BYTES)
      return send.call(this, body);
    if (!req.headers['accept-encoding']) return send.call(this, body);
    // Brotli first when both are acceptable: browsers list gzip first, and Accept-Encoding's order is no preference.
    const encoding = req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined;
    if (!encoding) return send.call(this, body);
    const raw = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    // The validator of the answer itself, as Express makes it: the same for every encoding, and a fresh one is a 304.
    const etagOf = this.app.get('etag fn') as ((body: Buffer) => string | undefined) | undefined;
    if (!this.getHeader('ETag') && etagOf) {
      const etag = etagOf(raw);
      if (etag) this.setHeader('ETag', etag);
    }
    if (req.fresh) return send.call(this, body);
    this.setHeader('Content-Type', type);
    this.setHeader('Content-Encoding', encoding);
    const bytes = packed(raw, encoding);
    if (!(bytes instanceof Promise)) return send.call(this, bytes);
    bytes.then(
      (done) => send.call(this, done),
      () => {
        this.removeHeader('Content-Encoding');
        send.call(this, raw);
      },
    );
    return this;
  } as Send;
}

/** `Vary: Accept-Encoding` on an answer whose type is compressed when it is large enough. */
export function varyOnEncoding(res: Response): void {
  if (res.getHeader('vary') === undefined) res.setHeader('vary', 'Accept-Encoding');
  else res.vary('Accept-Encoding');
}

/** The Content-Type Express's `send` gives the body: a string is HTML unless typed, and text is always UTF-8. */
function typeOf(res: Response, body: string | Buffer): string {
  const type = res.getHeader('Content-Type');
  if (typeof body !== 'string') return typeof type === 'string' ? type : 'application/octet-stream';
  if (typeof type !== 'string') return 'text/html; charset=utf-8';
  return /;\s*charset=/i.test(type) ? type.replace(/(;\s*charset=)[^;]*/i, '$1utf-8') : `${type}; charset=utf-8`;
}

/** For text that streams from files not built by us (Swagger UI's assets): the `compression` middleware. */
export function compressStreams(): RequestHandler {
  return compression({
    threshold: THRESHOLD_BYTES,
    brotli: BROTLI,
    filter: (_req, res) => isCompressibleType(String(res.getHeader('Content-Type') ?? '')),
  });
}

/** Which of a file's precompressed twins exist, learned once per file (the build writes them; they never change). */
const twins = new Map<string, { br: boolean; gzip: boolean }>();

function twinsOf(file: string): { br: boolean; gzip: boolean } {
  let known = twins.get(file);
  if (!known) {
    // A twin older than its file is stale (the file was edited after the last build): never sent.
    const fresh = (twin: string) => existsSync(twin) && existsSync(file) && statSync(twin).mtimeMs >= statSync(file).mtimeMs;
    known = { br: fresh(`${file}.br`), gzip: fresh(`${file}.gz`) };
    // Only real files are remembered, so requests for made-up names cannot grow the map.
    if (existsSync(file)) twins.set(file, known);
  }
  return known;
}

/**
 * For a static folder whose build wrote `<file>.br` and `<file>.gz` beside each text asset (scripts/build.mjs):
 * answers with the best twin the client accepts, compressed once at build time at the highest level instead of on
 * every request. Sets Content-Encoding, the original file's Content-Type and `Vary`, then lets `serve` (the folder's
 * express.static) send the twin, with its own ETag and Last-Modified, so each encoding has its validator.
 */
export function precompressed(dir: string, serve: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isCompressibleType(contentTypeOfExt(extname(req.path)))) return serve(req, res, next);
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return serve(req, res, next); // express.static answers a malformed path
    }
    const file = resolve(dir, `.${path}`);
    if (!file.startsWith(dir + sep)) return serve(req, res, next);
    const have = twinsOf(file);
    if (!have.br && !have.gzip) return serve(req, res, next);
    res.vary('Accept-Encoding');
    // Brotli first when both are acceptable: browsers list gzip first, and Accept-Encoding's order is no preference.
    const encoding = have.br && req.acceptsEncodings('br') === 'br' ? 'br' : have.gzip && req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined;
    if (!encoding) return serve(req, res, next);
    const url = req.url;
    res.setHeader('Content-Encoding', encoding);
    res.type(extname(req.path));
    req.url = url.replace(/(\?|$)/, `.${encoding === 'br' ? 'br' : 'gz'}$1`);
    serve(req, res, (err?: unknown) => {
      if (err) return next(err);
      // The twin is gone (a newer build removed it since it was learned): forget it and send the file itself, not a
      // 404 marked as brotli.
      twins.delete(file);
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      req.url = url;
      serve(req, res, next);
    });
  };
}

const EXT_TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.mjs': 'application/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};
const contentTypeOfExt = (ext: string) => EXT_TYPES[ext] ?? '';
