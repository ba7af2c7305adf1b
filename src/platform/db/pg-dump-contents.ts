import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { childProcessEnv } from '#core/config.js';
import type { DatabaseSnapshot } from './snapshot.js';

/**
 * Row counts and migrations of a `pg_dump -Fc` file, read from the file itself and without any database: pg_restore
 * turns the dump's data into its SQL script on stdout (`COPY <table> (…) FROM stdin;`, one line per row, `\.`), and
 * the lines are counted as they pass. A restore compares them with the manifest before it changes anything
 * (platform/backup), so a manifest that says something else than its copy is refused.
 */

/** `COPY public.dogs (id, …) FROM stdin;` or `COPY "odd name" …`: the table's name, schema dropped, quotes undone. */
const COPY_LINE = /^COPY (?:(?:"(?:[^"]|"")*"|[^\s."]+)\.)?("(?:[^"]|"")*"|[^\s."]+) \((.*)\) FROM stdin;$/;
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name);
/** COPY's text format escapes backslashes, tabs and newlines inside a value. */
const unescapeCopy = (value: string) => value.replace(/\\(.)/g, (_m, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c] ?? c);

export async function inspectPostgresDump(dumpFile: string): Promise<DatabaseSnapshot> {
  const child = spawn('pg_restore', ['--data-only', '--file=-', dumpFile], { stdio: ['ignore', 'pipe', 'pipe'], env: childProcessEnv({}) });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const tables: Record<string, number> = {};
  const migrations: string[] = [];
  let table: string | undefined;
  let nameColumn = 0;
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (table === undefined) {
      const copy = COPY_LINE.exec(line);
      if (!copy) continue;
      table = unquote(copy[1]!);
      tables[table] = 0;
      nameColumn = copy[2]!.split(', ').map(unquote).indexOf('name');
    } else if (line === '\\.') {
      table = undefined;
    } else {
      tables[table]! += 1;
      if (table === 'kysely_migration') migrations.push(unescapeCopy(line.split('\t')[nameColumn] ?? ''));
    }
  }
  const code = await exited;
  if (code !== 0) throw new Error(`pg_restore exited with ${code}: ${stderr.trim()}`);
  return { tables, migrations: migrations.sort() };
}
