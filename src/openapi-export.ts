// Writes the API's OpenAPI document to a file without serving anything: the client's generated types
// (`npm run api:types`) and the API lint (`npm run lint:api`) read it. It builds the app the way the server
// does, on a throw-away SQLite database in a temporary folder, so no configuration and no data are touched.
// Usage: node dist/openapi-export.js <file>
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './app.js';
import { bootstrap } from './bootstrap.js';
import { loadConfig } from '#core/config.js';
import { generateOpenApiDocument } from '#core/http/route/openapi.js';

const out = process.argv[2];
if (!out) {
  console.error('Usage: node dist/openapi-export.js <file>');
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-openapi-'));
try {
  const env = { NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', PUBLIC_URL: 'http://localhost:3000' };
  const { ctx, close } = await bootstrap(loadConfig(env), { serving: false });
  createApp(ctx);
  const doc = generateOpenApiDocument(ctx.openapi, { title: ctx.config.appName, version: ctx.config.build, server: ctx.config.publicUrl });
  writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
  await close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
