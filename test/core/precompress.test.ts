import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';

describe('precompress (the build’s brotli and gzip twins)', () => {
  const root = mkdtempSync(join(tmpdir(), 'pfotenbuch-precompress-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('gives every text asset of 1 KB or more fresh twins, also where an earlier build left old ones, and drops the twins of files that are gone', async () => {
    const css = join(root, 'public/css');
    mkdirSync(css, { recursive: true });
    const boot = `body { color: #333; }\n${'.a { margin: 0; }\n'.repeat(80)}`;
    writeFileSync(join(css, 'boot.css'), boot);
    writeFileSync(join(css, 'small.css'), 'p { margin: 0; }');
    // An earlier build's twins: of the same file (stale content) and of a file that is gone.
    for (const name of ['boot.css.br', 'boot.css.gz', 'gone.css.br', 'gone.css.gz']) writeFileSync(join(css, name), 'old');

    expect((await precompress(root)).files).toBe(1);
    expect(brotliDecompressSync(readFileSync(join(css, 'boot.css.br'))).toString()).toBe(boot);
    expect(gunzipSync(readFileSync(join(css, 'boot.css.gz'))).toString()).toBe(boot);
    for (const name of ['gone.css.br', 'gone.css.gz', 'small.css.br']) expect(existsSync(join(css, name)), name).toBe(false);
  });
});
