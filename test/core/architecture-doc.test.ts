import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/paths.js';
import { jobs } from '../../src/jobs.js';

/**
 * docs/architecture.md's tables are checked against the code (issue 49): every job of the job table (src/jobs.ts) is a
 * row of "Jobs", and every wing and area under src/features is in "Wings" (and nothing that is not there). A new job
 * or area fails here until the docs name it.
 */
const doc = readFileSync(join(PROJECT_ROOT, 'docs/architecture.md'), 'utf8');

/** The lines of the Markdown table below `## heading` (up to the next heading). */
function tableRows(heading: string): string[][] {
  const start = doc.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/architecture.md has no "## ${heading}"`).toBeGreaterThan(-1);
  const end = doc.indexOf('\n## ', start + 1);
  return doc
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .slice(1) // the header row
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

const dirsBelow = (dir: string) => readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
const FEATURES = join(PROJECT_ROOT, 'src/features');
const wingsOnDisk = dirsBelow(FEATURES).sort();

/** 'nearby (poison warnings, lost dogs …), map-layers' → ['nearby', 'map-layers']: the names before any parenthesis. */
const namesIn = (cell: string) =>
  cell
    .replace(/\([^)]*\)/g, '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .sort();

describe('docs/architecture.md', () => {
  it('lists every job of src/jobs.ts in its job table, and no job that is gone', () => {
    const documented = tableRows('Jobs').map((row) => row[0]!);
    expect([...documented].sort()).toEqual(jobs.map((job) => job.name).sort());
  });

  it('lists every wing under src/features in "Wings"', () => {
    const wings = tableRows('Wings').map((row) => row[0]!.replace(/`/g, ''));
    expect([...wings].sort()).toEqual(wingsOnDisk);
  });

  it('lists every area of each wing in "Wings", and no area that is gone', () => {
    const rows = new Map(tableRows('Wings').map((row) => [row[0]!.replace(/`/g, ''), row[1]!]));
    for (const wing of wingsOnDisk) {
      expect({ wing, areas: namesIn(rows.get(wing) ?? '') }).toEqual({ wing, areas: dirsBelow(join(FEATURES, wing)).sort() });
    }
  });

  it('can fail: a table without a job or an area is told apart', () => {
    expect(namesIn('nearby (poison warnings, lost dogs), map-layers')).toEqual(['map-layers', 'nearby']);
    expect(namesIn('a, b')).not.toEqual(['a', 'b', 'c']);
  });
});
