import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { PROJECT_ROOT } from '#core/paths.js';

describe('migrations', () => {
  it('lists every migration file once, in name order, with unique numbers', () => {
    const files = readdirSync(join(PROJECT_ROOT, 'migrations'))
      .filter((f) => /^\d{4}_.+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''));
    const names = Object.keys(migrations);
    expect(names).toEqual([...files].sort());
    // Kysely applies migrations in name order and refuses a database that ran a later one first.
    expect(names).toEqual([...names].sort());
    const numbers = names.map((n) => n.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
