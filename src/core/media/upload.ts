import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { basename, join } from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer, { type StorageEngine } from 'multer';
import type { Config } from '../config.js';
import { AppError, badRequest } from '../http/route/errors.js';
import { BODY_LIMIT_BYTES } from '../http/guards/request-guards.js';
import { discardFiles, newMediaName, removeFile, stagingDir } from './storage.js';

/**
 * The upload middleware for images. Files stream to the staging folder on disk (DATA_DIR/media/.incoming), so a
 * 20 MB photo never sits in the JavaScript heap; sharp reads it from there. Every multer limit is set (multer's
 * defaults are all Infinity). Text fields only where the route names them (the diary's photo facts, photo-fields.ts),
 * each at most once per file: a stray field is a 400 like an unknown JSON key. The staged uploads are removed when the response is done, whatever happened.
 */

const tooLarge = () => new AppError(413, 'payload_too_large', 'Die Anfrage ist zu groß (höchstens 20 MB).');

/**
 * Disk storage with a cap on the sum of all files of one request. The 20 MB guard in front only sees a
 * declared Content-Length; a chunked body has none, and multer's fileSize limit counts per file.
 * Every file it starts is tracked per request, so `dropAll` can remove it even when multer gave up on it halfway.
 */
class BoundedDiskStorage implements StorageEngine {
  readonly #totals = new WeakMap<Request, number>();
  readonly #started = new WeakMap<Request, WriteStream[]>();

  constructor(
    private readonly dir: string,
    private readonly maxTotalBytes: number,
  ) {}

  _handleFile(req: Request, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    const path = join(this.dir, `${newMediaName()}.upload`);
    try {
      // One cheap syscall; keeps the stream creation synchronous, so dropAll always knows every file.
      mkdirSync(this.dir, { recursive: true });
    } catch (err) {
      cb(err);
      return;
    }
    const out = createWriteStream(path, { flags: 'wx' });
    this.#started.set(req, [...(this.#started.get(req) ?? []), out]);
    let finished = false;
    const finish = (error?: unknown, info?: Partial<Express.Multer.File>) => {
      if (finished) return;
      finished = true;
      if (error) void closeAndRemove(out).finally(() => cb(error));
      else cb(null, info);
    };
    file.stream.on('data', (chunk: Buffer) => {
      const total = (this.#totals.get(req) ?? 0) + chunk.length;
      this.#totals.set(req, total);
      if (total > this.maxTotalBytes && !finished) {
        file.stream.unpipe(out);
        file.stream.resume();
        finish(tooLarge());
      }
    });
    file.stream.on('error', (err) => finish(err));
    out.on('error', (err) => finish(err));
    out.on('finish', () => finish(null, { path, size: out.bytesWritten, destination: this.dir, filename: basename(path) }));
    file.stream.pipe(out);
  }

  _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
    removeFile(file.path).then(
      () => cb(null),
      (err: Error) => cb(err),
    );
  }

  /** Removes every file this request started, finished or not (called when the response is over). */
  async dropAll(req: Request): Promise<void> {
    const streams = this.#started.get(req) ?? [];
    this.#started.delete(req);
    await Promise.all(streams.map(closeAndRemove));
  }
}

/** Waits until the stream has let go of its file (it may still be opening), then removes the file. */
async function closeAndRemove(out: WriteStream): Promise<void> {
  if (!out.closed) {
    const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
    out.destroy();
    await closed;
  }
  await discardFiles([String(out.path)]);
}

const strayField = (name: string) => badRequest(`Das Feld „${name.slice(0, 40)}“ kennen wir hier nicht.`);

/**
 * Accepts up to `maxFiles` files in the multipart field `field`, and the text fields `textFields` at most once per
 * file; read them with `uploadedFiles(req)` and `req.body`.
 */
export function imageUpload(config: Pick<Config, 'mediaDir'>, field: string, maxFiles: number, textFields: readonly string[] = []): RequestHandler {
  const storage = new BoundedDiskStorage(stagingDir(config), BODY_LIMIT_BYTES);
  const fields = textFields.length * maxFiles;
  const parse = multer({
    storage,
    // Browsers send file names as UTF-8; busboy's default (latin1) would garble "Hündin.jpg".
    defParamCharset: 'utf8',
    limits: {
      fileSize: BODY_LIMIT_BYTES,
      files: maxFiles,
      fields,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: maxFiles + fields,
      headerPairs: 100,
    },
  }).array(field, maxFiles);
  return (req, res, next) => {
    // The handler removes the uploads before it answers; this catches every other way out (errors, aborts).
    res.on('close', () => void storage.dropAll(req));
    parse(req, res, (err?: unknown) => {
      // A rejected upload leaves nothing in the staging folder by the time the error answer goes out.
      const stray = err ? undefined : Object.keys((req.body ?? {}) as object).find((name) => !textFields.includes(name));
      if (err || stray !== undefined) void storage.dropAll(req).finally(() => next(err ?? strayField(stray as string)));
      else next();
    });
  };
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
