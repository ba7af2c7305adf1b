// Builds the server (and the client, once scripts/build-client.mjs exists) with esbuild.
// Typechecking is `npm run typecheck`.
import { existsSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/cli.ts', 'src/openapi-export.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// `--server-only` (used by `npm run cli`) skips the client bundle.
if (!process.argv.includes('--server-only') && existsSync(new URL('./build-client.mjs', import.meta.url))) {
  const { buildClient } = await import('./build-client.mjs');
  await buildClient();
  const { precompress } = await import('./precompress.mjs');
  await precompress();
}
