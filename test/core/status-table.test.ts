import { buildSync } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { statusTable } from '#core/http/route/status-table.js';

describe('statusTable', () => {
  it('holds the statuses in order of their number, as a plain object would', () => {
    expect(
      Object.entries(
        statusTable([
          ['404', 'c'],
          [200, 'a'],
          ['401', 'b'],
        ]),
      ),
    ).toEqual([
      ['200', 'a'],
      ['401', 'b'],
      ['404', 'c'],
    ]);
  });

  it('keeps its statuses in dictionary elements, not in a fast array as long as the largest status', () => {
    // V8's own view of the object (%HasDictionaryElements), in a child process started with natives syntax.
    const [bundle] = buildSync({
      entryPoints: ['src/core/http/route/status-table.ts'],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      write: false,
    }).outputFiles;
    const script = `${bundle!.text}\nconst table = module.exports.statusTable;\nconst built = table([['200', 1], ['401', 2], ['404', 3]]);\nbuilt['304'] = 4;\nconst plain = {}; plain['200'] = 1; plain['401'] = 2;\nconsole.log(JSON.stringify([%HasDictionaryElements(built), %HasDictionaryElements(plain)]));`;
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script], { encoding: 'utf8', env: {} });
    // The plain object shows what the table avoids (and that the check can tell the two apart).
    expect(JSON.parse(out)).toEqual([true, false]);
  });
});
