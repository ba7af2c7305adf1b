import { existsSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { constants } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Compression (decisions: Compression). Text answers of 1 KB or more — HTML, JSON, JS, CSS, SVG, GeoJSON, GPX,
 * ICS, CSV — go out with brotli or gzip as the request's Accept-Encoding allows, and `Vary: Accept-Encoding`.
 * Images, PDFs and ZIPs are compressed already and go out as they are (a byte range of them stays a byte range).
 * Express's ETags are weak (`W/"…"`), which RFC 9110 allows to stand for every encoding of the same answer.
 */

/** The content types worth compressing: everything else (images, PDF, ZIP, octet streams) is sent as it is. */
const TEXT = /^(?:text\/|application\/(?:json|javascript|xml|geo\+json|gpx\+xml|manifest\+json|ld\+json)|image\/svg\+xml)/;

export const isCompressibleType = (contentType: string) => TEXT.test(contentType);

export function compressText(): RequestHandler {
  return compression({
    threshold: 1024,
    // Brotli 4 compresses about like gzip 9 at a fraction of its CPU: the usual level for answers made per request.
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
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
 * every request. Sets Content-Encoding, the original file's Content-Type and `Vary`, then lets express.static send
 * the twin (its own ETag and Last-Modified, so each encoding has its validator). Put it before express.static.
 */
export function precompressed(dir: string): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isCompressibleType(contentTypeOfExt(extname(req.path)))) return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next(); // express.static answers a malformed path
    }
    const file = resolve(dir, `.${path}`);
    if (!file.startsWith(dir + sep)) return next();
    const have = twinsOf(file);
    if (!have.br && !have.gzip) return next();
    res.vary('Accept-Encoding');
    // Brotli first when both are acceptable: browsers list gzip first, and Accept-Encoding's order is no preference.
    const encoding = have.br && req.acceptsEncodings('br') === 'br' ? 'br' : have.gzip && req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined;
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding);
    res.type(extname(req.path));
    req.url = req.url.replace(/(\?|$)/, `.${encoding === 'br' ? 'br' : 'gz'}$1`);
    next();
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
