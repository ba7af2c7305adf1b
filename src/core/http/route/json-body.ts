import type { Request, RequestHandler } from 'express';
import { requestAborted } from '#platform/http/error-handler.js';
import { AppError } from './errors.js';

/** JSON bodies are small (decisions: 1 MB → 413); only multipart uploads may reach the global 20 MB. */
export const JSON_LIMIT_BYTES = 1024 * 1024;
/** No form of this app nests deeper than a few levels; a deeper body is an attack on the parser, not input. */
export const JSON_MAX_DEPTH = 32;
/**
 * No form of this app sends more than a few hundred values; 96,000 keys in 1 MB cost 250 ms of parsing and
 * validation on one core, 10,000 still 20–30 ms (bench/hostile-body.mjs), so the count is capped before parsing.
 */
export const JSON_MAX_VALUES = 2_000;

/**
 * Bodies with a GeoJSON line or a recorded track (saved routes, walks): two numbers a point, up to 20,000 points.
 * 40,000 numbers in arrays parse in a few milliseconds (bench/routes-walks.mjs); keys would cost more, which is why
 * only these routes raise the cap.
 */
export const GEOMETRY_MAX_VALUES = 50_000;

export type JsonShapeProblem = 'too_deep' | 'too_many_values';

/**
 * Checks the shape of a JSON text on the raw bytes, chunk by chunk as they arrive, before JSON.parse builds
 * anything: the deepest nesting of objects and arrays and the number of values in them (commas outside strings;
 * brackets and commas inside strings do not count). A body that breaks a limit is refused at the chunk that does,
 * so a 20 MB attack costs one chunk's scan, not 1 MB of buffering.
 */
export class JsonShapeScanner {
  private depth = 0;
  private separators = 0;
  private inString = false;
  private escaped = false;

  constructor(
    private readonly maxDepth = JSON_MAX_DEPTH,
    private readonly maxValues = JSON_MAX_VALUES,
  ) {}

  feed(chunk: Buffer): JsonShapeProblem | undefined {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (this.escaped) this.escaped = false;
      else if (this.inString) {
        if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
      } else if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) {
        if (++this.depth > this.maxDepth) return 'too_deep';
      } else if (c === 0x7d || c === 0x5d) this.depth--;
      else if (c === 0x2c && ++this.separators >= this.maxValues) return 'too_many_values';
    }
    return undefined;
  }
}

export const jsonShapeProblem = (buf: Buffer, maxDepth = JSON_MAX_DEPTH, maxValues = JSON_MAX_VALUES): JsonShapeProblem | undefined =>
  new JsonShapeScanner(maxDepth, maxValues).feed(buf);

/** True when the nesting passes `max` (the depth rule alone). */
export const jsonDepthExceeds = (buf: Buffer, max: number): boolean => jsonShapeProblem(buf, max, Infinity) === 'too_deep';

const tooLarge = () => new AppError(413, 'payload_too_large', 'Die Anfrage ist zu groß (JSON höchstens 1 MB).');
const PROBLEMS: Record<JsonShapeProblem, () => AppError> = {
  too_deep: () => new AppError(400, 'json_too_deep', 'Die Anfrage ist zu tief verschachtelt.'),
  too_many_values: () => new AppError(413, 'json_too_many_values', 'Die Anfrage enthält zu viele Werte.'),
};
const isJson = (req: Request) => /^application\/json\b/i.test(req.headers['content-type'] ?? '');

/**
 * A JSON body that declares more than 1 MB is refused on any path before a byte of it is read (the parser would
 * refuse it too, but only on routes that take JSON; this answers the same everywhere and costs nothing).
 */
export const jsonSizeGuard: RequestHandler = (req, _res, next) => {
  const declared = Number(req.headers['content-length'] ?? 0);
  next(declared > JSON_LIMIT_BYTES && isJson(req) ? tooLarge() : undefined);
};

/**
 * The JSON body reader: route() puts it only on routes with a body schema, after the access guard and the rate
 * limits, so no other request is read or parsed. Streams the body through the shape scanner, stops at 1 MB, then
 * parses strictly (an object or an array). A refused body is not read further: the answer closes the connection.
 */
export const jsonBodyReader =
  (maxValues: number): RequestHandler =>
  (req, res, next) => {
    if (!isJson(req)) return next();
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') return next(new AppError(415, 'unsupported_media_type', 'Diese Kodierung wird nicht unterstützt.'));
    const scanner = new JsonShapeScanner(JSON_MAX_DEPTH, maxValues);
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (err?: AppError) => {
      if (settled) return;
      settled = true;
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (err) {
        req.pause();
        res.setHeader('Connection', 'close'); // the rest of a refused body is not worth reading
        return next(err);
      }
      next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > JSON_LIMIT_BYTES) return finish(tooLarge());
      const problem = scanner.feed(chunk);
      if (problem) return finish(PROBLEMS[problem]());
      chunks.push(chunk);
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks, received).toString('utf8');
      if (text.trim() === '') {
        req.body = {};
        return finish();
      }
      const first = text.trimStart()[0];
      try {
        if (first !== '{' && first !== '[') throw new SyntaxError('not an object or array');
        req.body = JSON.parse(text);
      } catch {
        return finish(new AppError(400, 'malformed_json', 'Die Anfrage enthält kein gültiges JSON.'));
      }
      finish();
    };
    const onError = () => finish(requestAborted());
    const onAborted = onError;
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  };

/** The reader every JSON route gets unless it says otherwise. */
export const jsonBody: RequestHandler = jsonBodyReader(JSON_MAX_VALUES);
