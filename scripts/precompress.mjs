// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) twin beside every text asset of 1 KB or more in the
// static folders, once per build, so the server never compresses a static file per request
// (src/core/http/compression.ts serves the twins). Twins are build output: git ignores them.
//   node scripts/precompress.mjs   (scripts/build.mjs runs it after the client build)
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const DIRS = ['public/build', 'public/js', 'public/css', 'public/icons'];
const TEXT = /\.(?:js|mjs|css|svg|json)$/;
const MIN_BYTES = 1024;

/** `root`: the project (tests pass a folder of their own). */
export async function precompress(root = projectRoot) {
  let files = 0;
  let before = 0;
  let after = 0;
  for (const dir of DIRS) {
    const names = await readdir(join(root, dir)).catch(() => []);
    // The twins of an earlier build go first: removed while walking the listing, a twin written a moment before
    // (boot.css.br after boot.css) would be taken for an old one and deleted.
    const isTwin = (name) => name.endsWith('.br') || name.endsWith('.gz');
    for (const name of names.filter(isTwin)) await rm(join(root, dir, name));
    for (const name of names.filter((n) => !isTwin(n))) {
      const path = join(root, dir, name);
      if (!TEXT.test(name) || (await stat(path)).size < MIN_BYTES) continue;
      const data = await readFile(path);
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
      await writeFile(`${path}.br`, br);
      await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
      files++;
      before += data.length;
      after += br.length;
    }
  }
  return { files, before, after };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, before, after } = await precompress();
  console.log(`precompressed ${files} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli)`);
}
