import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { notFound } from '../http/route/errors.js';
import type { MediaStore, ByteRange } from './store/media-store.js';
import { contentTypeOf } from './store/media-store.js';

/**
 * Streams a stored file to the client from whichever store holds it, with what `res.sendFile` gave for files on
 * disk: Content-Type from the app's own extension, Content-Length, ETag and Last-Modified, 304 for a matching
 * If-None-Match, and one byte range (206, or 416 when it lies outside the file). Several ranges in one request are
 * answered with the whole file, which RFC 9110 allows. HEAD gets the headers only.
 */

export interface SendOptions {
  /** The German 404 text when the file is gone. */
  missing: string;
  /** Headers set before the file's own (Cache-Control, Content-Disposition, a CSP for documents …). */
  headers?: Record<string, string>;
  /** The type to send, when the extension does not say it well enough. */
  contentType?: string;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` for a file of `size` bytes; null for unsatisfiable, undefined to send it whole. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return undefined; // malformed: ignored, as RFC 9110 says
  }
  return start >= size || start > end ? null : { start, end };
}

const matches = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

export async function sendStoredFile(store: MediaStore, req: Request, res: Response, key: string, options: SendOptions): Promise<void> {
  const info = await store.stat(key);
  if (!info) throw notFound(options.missing);
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  res.setHeader('ETag', info.etag);
  res.setHeader('Last-Modified', info.modifiedAt.toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
  if (matches(req.headers['if-none-match'], info.etag)) {
    res.status(304).end();
    return;
  }
  // If-Range: a range is only for the version the client already has part of.
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== info.etag ? undefined : parseRange(req.headers.range, info.size);
  if (range === null) {
    res.status(416).setHeader('Content-Range', `bytes */${info.size}`).end();
    return;
  }
  res.setHeader('Content-Type', options.contentType ?? contentTypeOf(key));
  if (range) {
    res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
  } else {
    res.status(200).setHeader('Content-Length', String(info.size));
  }
  if (req.method === 'HEAD' || (range === undefined && info.size === 0)) {
    res.end();
    return;
  }
  const body = await store.read(key, range);
  if (!body) {
    // Deleted between the two calls: nothing has been sent yet.
    res.removeHeader('Content-Length');
    throw notFound(options.missing);
  }
  try {
    await pipeline(body, res);
  } catch (err) {
    // A client that went away is not an error of ours; anything else after the headers can only cut the answer.
    if (!res.destroyed && !req.destroyed) res.destroy(err as Error);
  }
}
