import type { Express, Request, Response } from 'express';
import { THRESHOLD_BYTES, varyOnEncoding } from '#core/http/compression.js';

/**
 * `res.json` as Express makes it, without its detours. Express's `json` stringifies, then `send` parses and formats
 * the Content-Type again (content-type, mime-types) to add the charset and turns the string into a Buffer for the
 * ETag, and Node then writes head and body as two pieces. Here the type is set once; a small answer (most of them:
 * sessions, counts, single records) is tagged and ended here as Express's `send` would (Content-Length, ETag, 304
 * when fresh, no body for HEAD) with the string itself, which Node writes together with the head. A large one goes
 * to `send` as a Buffer, through compression (compression.ts). The app sets none of Express's `json replacer`,
 * `json spaces` or `json escape`, so JSON.stringify is the whole serialisation. json-answer.test.ts compares every
 * case with plain Express.
 */
export function leanJson(app: Express): void {
  // Header names in lower case: Node keys every header by its lower-case name, and `getHeader('Content-Type')`
  // makes that string anew on each call (security-headers.ts).
  app.response.json = function json(this: Response, value?: unknown) {
    const type = this.getHeader('content-type');
    if (typeof type !== 'string') this.setHeader('content-type', 'application/json; charset=utf-8');
    else if (!/;\s*charset=/i.test(type)) this.setHeader('content-type', `${type}; charset=utf-8`);
    const body = JSON.stringify(value) as string | undefined; // undefined for undefined: an empty answer, as Express sends
    if (body === undefined) return this.send(undefined);
    const status = this.statusCode;
    // Under the threshold in UTF-8 an answer is never compressed; a string of the threshold's length or more is not
    // under it (a session's 450 characters are, whatever they hold).
    const bytes = body.length < THRESHOLD_BYTES ? Buffer.byteLength(body) : THRESHOLD_BYTES;
    if (bytes >= THRESHOLD_BYTES || status === 204 || status === 205 || status === 304 || this.headersSent) return this.send(Buffer.from(body, 'utf8'));
    varyOnEncoding(this);
    if (this.getHeader('transfer-encoding') === undefined) this.setHeader('content-length', bytes);
    const etagOf = this.app.get('etag fn') as ((body: string) => string | undefined) | undefined;
    const etag = this.getHeader('etag') === undefined && etagOf ? etagOf(body) : undefined;
    if (etag) this.setHeader('etag', etag);
    if (mayBeFresh(this.req) && this.req.fresh) {
      this.statusCode = 304;
      for (const header of ['content-type', 'content-length', 'transfer-encoding']) this.removeHeader(header);
      return this.end();
    }
    return this.req.method === 'HEAD' ? this.end() : this.end(body, 'utf8');
  };
}

/** Only a conditional request can be fresh; Express's `req.fresh` would look up the answer's headers first. */
const mayBeFresh = (req: Request) => req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined;
