import type { Express, Response } from 'express';

/**
 * `res.json` as Express makes it, without its detour through strings: Express's `json` stringifies, then `send`
 * parses and formats the Content-Type again (content-type, mime-types) to add the charset, and turns the string
 * into a Buffer for the ETag anyway. Here the type is set once and the Buffer goes to `send` (compression.ts's
 * `sendCompressed`, then Express's), which then only sizes it, tags it and ends the answer. The app sets none of
 * Express's `json replacer`/`json spaces`/`json escape` settings, so JSON.stringify is the whole serialisation.
 */
export function leanJson(app: Express): void {
  app.response.json = function json(this: Response, value?: unknown) {
    const type = this.getHeader('Content-Type');
    if (typeof type !== 'string') this.setHeader('Content-Type', 'application/json; charset=utf-8');
    else if (!/;\s*charset=/i.test(type)) this.setHeader('Content-Type', `${type}; charset=utf-8`);
    const body = JSON.stringify(value) as string | undefined; // undefined for undefined: an empty answer, as Express sends
    return this.send(body === undefined ? undefined : Buffer.from(body, 'utf8'));
  };
}
