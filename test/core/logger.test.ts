import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#core/logger.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { lines, log: createLogger('info', stream) };
}

describe('logger redaction', () => {
  it('never writes cookies, authorization headers, passwords or tokens', () => {
    const { lines, log } = capture();
    log.info(
      {
        req: { headers: { cookie: 'session=eyJsecret', authorization: 'Bearer abc' } },
        body: { password: 'geheim123', new_password: 'neu-geheim', token: 'tok-secret' },
        user: { password_hash: '$argon2id$secret' },
      },
      'request',
    );
    const out = lines.join('');
    for (const secret of ['eyJsecret', 'Bearer abc', 'geheim123', 'neu-geheim', 'tok-secret', '$argon2id$secret']) expect(out).not.toContain(secret);
    expect(out).toContain('[redacted]');
  });
});
