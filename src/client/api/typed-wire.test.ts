import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL } from '../../../test/helpers/test-db.js';

/**
 * The typed wire (issue 49): a route renamed on the server fails the client's typecheck. The test exports the
 * server's OpenAPI document, renames one route in it (the weights of a dog), generates the client's types from
 * that document into a copy of the client, and runs tsc over the copy's own tsconfig (the client project only).
 * Every error must come from a file that calls the old route, and the call in first-requests.ts must be one.
 */
const root = process.cwd();
const node = process.execPath;
// Inside the worktree (git-ignored) so the copy resolves node_modules as the client does.
mkdirSync(join(root, '.ci-tmp'), { recursive: true });
const work = mkdtempSync(join(root, '.ci-tmp', 'typed-wire-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(args: string[]) {
  const result = spawnSync(node, args, { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Neither the database nor the runtime changes what tsc says about the client, and the check takes half a minute:
// it runs once per CI run, in the SQLite pass on the pinned Node 24, not again on PostgreSQL or under Node 26.
const elsewhere = Boolean(TEST_PG_URL) || process.versions.node.split('.')[0] !== '24';

describe.skipIf(elsewhere)('the typed client', () => {
  it('fails its typecheck when the server renames a route it calls', () => {
    expect(run(['scripts/build.mjs', '--server-only']).status).toBe(0);
    const docFile = join(work, 'openapi.json');
    expect(run(['dist/openapi-export.js', docFile]).status).toBe(0);
    const doc = JSON.parse(readFileSync(docFile, 'utf8')) as { paths: Record<string, unknown> };
    const before = '/api/dogs/{dogId}/weights';
    expect(doc.paths[before]).toBeDefined();
    const paths: Record<string, unknown> = {};
    for (const [path, item] of Object.entries(doc.paths)) paths[path === before ? '/api/dogs/{dogId}/weight-entries' : path] = item;
    writeFileSync(docFile, JSON.stringify({ ...doc, paths }));

    for (const dir of ['src/client', 'src/shared']) cpSync(join(root, dir), join(work, dir), { recursive: true });
    cpSync(join(root, 'tsconfig.json'), join(work, 'tsconfig.json'));
    const schema = join(work, 'src/client/api/schema.d.ts');
    expect(run(['node_modules/openapi-typescript/bin/cli.js', docFile, '--output', schema, '--silent']).status).toBe(0);

    const tsc = run(['node_modules/typescript/bin/tsc', '--noEmit', '-p', join(work, 'src/client/tsconfig.json')]);
    expect(tsc.status).not.toBe(0);
    const errors = tsc.output.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors.length, tsc.output).toBeGreaterThan(0);
    expect(errors.some((line) => line.includes('first-requests.ts') && line.includes(before))).toBe(true);
    // Nothing else broke: every file with an error uses the weights route (by its path or as the record kind).
    const files = new Set(errors.map((line) => line.slice(0, line.indexOf('('))));
    for (const file of files) expect(readFileSync(join(work, file.slice(file.indexOf('src/client'))), 'utf8')).toMatch(/weights/);
  }, 600_000);
});
