// Builds the server (and, once it exists, the client) with esbuild. Typechecking is `npm run typecheck`.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
