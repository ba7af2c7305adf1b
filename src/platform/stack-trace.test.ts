import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mapStackTrace } from './stack-trace.js';

describe('mapStackTrace', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-stack-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('maps the frames of a bundle to the source lines, and leaves frames without a map alone', async () => {
    writeFileSync(join(dir, 'helper.ts'), 'export function fail(): never {\n  // a comment that shifts the line\n  throw new Error("kaputt");\n}\n');
    writeFileSync(join(dir, 'entry.ts'), 'import { fail } from "./helper";\n\nexport function run() {\n  fail();\n}\n');
    await build({
      entryPoints: [join(dir, 'entry.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      sourcemap: true,
      outfile: join(dir, 'out.js'),
      logLevel: 'silent',
    });
    const bundle = join(dir, 'out.js');
    // The bundle's frames as a production log shows them: a process without source maps (vitest maps its own), and
    // without the test's environment (no NODE_OPTIONS); process.execPath needs no PATH.
    const script = `import(${JSON.stringify(bundle)}).then((m) => { try { m.run(); } catch (err) { console.log(err.stack); } });`;
    const stack = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env: {} });
    expect(stack).toMatch(/out\.js:\d+:\d+/);

    const mapped = mapStackTrace(`${stack}\n    at elsewhere (/nowhere/other.js:3:7)`, dir);
    expect(mapped).toContain('at fail (helper.ts:3:9)');
    expect(mapped).toContain('run (entry.ts:4:3)');
    expect(mapped).not.toMatch(/out\.js:\d+/);
    expect(mapped).toContain('/nowhere/other.js:3:7');
  });
});
