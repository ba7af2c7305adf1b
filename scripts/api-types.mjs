// `npm run api:types`: the client's API types, generated from the server's zod schemas (no hand-copied row types).
// Builds the server, exports the OpenAPI document (dist/openapi.json) and turns it into
// src/client/api/schema.d.ts with openapi-typescript. The file is generated, git-ignored, and made again by
// `npm run typecheck` (and CI), so it never drifts from the server; `npm run build` needs no types (esbuild).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

function run(args) {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!process.argv.includes('--no-build')) run(['scripts/build.mjs', '--server-only']);
run(['dist/openapi-export.js', 'dist/openapi.json']);
mkdirSync('src/client/api', { recursive: true });
run(['node_modules/openapi-typescript/bin/cli.js', 'dist/openapi.json', '--output', 'src/client/api/schema.d.ts', '--silent']);
