import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { weakEtag } from './etag.js';

// Express's own ETag package (a dependency of express, without types), to compare against.
const etag = createRequire(import.meta.url)('etag') as (body: string | Buffer, options: { weak: boolean }) => string;

describe('weakEtag', () => {
  it("is Express's weak ETag, byte for byte, for buffers and strings (umlauts and empty bodies included)", () => {
    for (const body of ['', '{"ok":true}', 'Grüße vom Hund 🐕', 'x'.repeat(5000)]) {
      expect(weakEtag(body)).toBe(etag(body, { weak: true }));
      expect(weakEtag(Buffer.from(body))).toBe(etag(Buffer.from(body), { weak: true }));
    }
  });

  it('differs when one byte differs', () => {
    expect(weakEtag('{"n":1}')).not.toBe(weakEtag('{"n":2}'));
  });
});
