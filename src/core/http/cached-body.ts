import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { compressOnce } from './compression.js';

/** A rendered answer kept in memory (a breed page, the landing page): bytes with their ETag, made once. */
export interface CachedBody {
  body: Buffer;
  etag: string;
}

/**
 * Keeps `text` as an answer to send again and again: converted and hashed once, and compressed once per encoding
 * when a browser asks for one (compression.ts), instead of on every request.
 */
export function cachedBody(text: string): CachedBody {
  const body = compressOnce(Buffer.from(text, 'utf8'));
  return { body, etag: `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"` };
}

/** Sends a cached body; Express answers 304 itself when the client already has this ETag. */
export function sendCached(res: Response, type: string, cached: CachedBody): void {
  res.setHeader('ETag', cached.etag);
  res.type(type).send(cached.body);
}
