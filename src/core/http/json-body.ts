import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';

/** JSON bodies are small (decisions: 1 MB → 413); only multipart uploads may reach the global 20 MB. */
export const JSON_LIMIT_BYTES = 1024 * 1024;
/** No form of this app nests deeper than a few levels; a deeper body is an attack on the parser, not input. */
export const JSON_MAX_DEPTH = 32;

/**
 * The deepest nesting of objects and arrays in a JSON text, counted on the raw bytes before JSON.parse builds
 * anything (brackets inside strings do not count). Stops as soon as `max` is passed.
 */
export function jsonDepthExceeds(buf: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The JSON parser: 1 MB, strict (objects and arrays only), nesting depth checked before parsing. */
export function jsonBody(): RequestHandler {
  return express.json({
    limit: JSON_LIMIT_BYTES,
    strict: true,
    verify: (_req: IncomingMessage, _res, buf: Buffer) => {
      if (jsonDepthExceeds(buf, JSON_MAX_DEPTH)) throw Object.assign(new Error('JSON nested too deeply'), { type: 'entity.too.deep' });
    },
  });
}
