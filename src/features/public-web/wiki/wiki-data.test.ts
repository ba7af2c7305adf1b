import { describe, expect, it } from 'vitest';
import { buildBreedRecord } from '../../../../test/helpers/breeds.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { readBreedFile, type BreedRecord } from './breed-file.js';
import { loadBreeds } from './breeds.loader.js';
import { isStub, listBreedRows } from './breeds.repo.js';
import { TEMPERAMENT_DE, temperamentDe } from './temperament-de.js';

const t = useTestApp();
const records = readBreedFile();

const record = ({ slug, ...over }: Partial<BreedRecord> & { slug: string }): BreedRecord => buildBreedRecord(slug, { name_en: 'Test Hound', ...over });

describe('the project breed file', () => {
  it('has more than 1,000 breeds with unique slugs and facts only (no source records, no prose)', () => {
    expect(records.length).toBeGreaterThan(1000);
    expect(new Set(records.map((r) => r.slug)).size).toBe(records.length);
    for (const r of records) expect(Object.keys(r)).not.toContain('sources');
  });

  it('gives every breed the FCI recognises its German name from the FCI nomenclature (docs/breeds-sources.md)', () => {
    const fci = records.filter((r) => r.fci_number !== null);
    expect(fci.length).toBeGreaterThanOrEqual(350); // the FCI lists about 360 breeds, definitive and provisional
    expect(fci.filter((r) => !r.name_de).map((r) => r.slug)).toEqual([]);
    expect(fci.filter((r) => r.field_sources.name_de !== 'fci').map((r) => r.slug)).toEqual([]);
    // German names come only from the FCI: a breed outside its nomenclature has none rather than a guessed one.
    expect(records.filter((r) => r.fci_number === null && r.name_de).map((r) => r.slug)).toEqual([]);
    expect(records.find((r) => r.slug === 'german-shepherd')?.name_de).toBe('Deutscher Schäferhund');
  });

  it('gives every breed with a known origin a German origin name', () => {
    const withOrigin = records.filter((r) => r.origin_country_de);
    expect(withOrigin.length).toBeGreaterThan(500);
    expect(records.find((r) => r.slug === 'german-shepherd')?.origin_country_de).toBe('Deutschland');
  });
});

describe('temperament translation table', () => {
  it('translates every one of the 197 keywords used in the breed data', () => {
    const used = new Set(records.flatMap((r) => r.temperament));
    expect(used.size).toBe(197);
    const missing = [...used].filter((k) => !temperamentDe(k));
    expect(missing).toEqual([]);
    expect(Object.keys(TEMPERAMENT_DE)).toHaveLength(197);
  });

  it('is case-insensitive and has a German word for each entry', () => {
    expect(temperamentDe('playful')).toBe('verspielt');
    expect(temperamentDe(' Reserved with strangers ')).toBe('zurückhaltend gegenüber Fremden');
    expect(temperamentDe('Unbekannt')).toBeUndefined();
    for (const [en, de] of Object.entries(TEMPERAMENT_DE)) {
      expect(de.trim().length, en).toBeGreaterThan(0);
      expect(de, en).not.toBe(en);
    }
  });
});

describe('loadBreeds', () => {
  it('is idempotent: the second run writes nothing', async () => {
    const first = await loadBreeds(t.ctx);
    expect(first.inserted).toBe(records.length);
    const second = await loadBreeds(t.ctx);
    expect(second).toEqual({ inserted: 0, updated: 0, unchanged: records.length });
    const count = await t.ctx.db
      .selectFrom('breeds')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(records.length);
  });

  it('rewrites a changed record, keeps AI-filled values the file still lacks and lets the file win where it has one', async () => {
    const base = record({ slug: 'loader-test-hound' });
    await loadBreeds(t.ctx, [base]);
    await t.ctx.db
      .updateTable('breeds')
      .set({
        description_de: 'Ein Testhund.',
        weight_min_kg: 10,
        weight_max_kg: 20,
        origin_country_de: 'Testland',
        ai_fields: JSON.stringify(['description_de', 'weight', 'origin_country_de']),
      })
      .where('slug', '=', base.slug)
      .execute();
    const changed = { ...base, name_de: 'Testlaufhund', origin_country_de: 'Österreich' };
    expect(await loadBreeds(t.ctx, [changed])).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    const row = await t.ctx.db.selectFrom('breeds').selectAll().where('slug', '=', base.slug).executeTakeFirstOrThrow();
    expect(row.name_de).toBe('Testlaufhund');
    expect(row.sort_name).toBe('testlaufhund');
    expect(row.search_text).toContain('test hound');
    expect(row.description_de).toBe('Ein Testhund.');
    expect([row.weight_min_kg, row.weight_max_kg]).toEqual([10, 20]);
    expect(row.origin_country_de).toBe('Österreich');
    expect(JSON.parse(row.ai_fields)).toEqual(['description_de', 'weight']);
  });

  it('refuses a broken data file with the path of the bad record', async () => {
    const { readBreedFile: read } = await import('./breed-file.js');
    const { writeFileSync } = await import('node:fs');
    const file = `${t.dataDir}/broken-breeds.json`;
    writeFileSync(file, JSON.stringify([{ ...record({ slug: 'ok' }) }, { ...record({ slug: 'Nicht OK' }) }]));
    expect(() => read(file)).toThrow(/1\.slug/);
  });
});

describe('stubs', () => {
  it('are the same breeds in the query (STUB) as in the row rule (isStub), and only breeds without facts', async () => {
    await loadBreeds(t.ctx);
    const rows = await t.ctx.db.selectFrom('breeds').selectAll().execute();
    const byRule = rows
      .filter(isStub)
      .map((r) => r.slug)
      .sort();
    const listed: { slug: string; stub: number }[] = [];
    for (let offset = 0; offset < rows.length; offset += 500) listed.push(...(await listBreedRows(t.ctx.db, {}, { limit: 500, offset })));
    expect(
      listed
        .filter((r) => r.stub)
        .map((r) => r.slug)
        .sort(),
    ).toEqual(byRule);
    expect(byRule.length).toBeGreaterThan(300);
    expect(byRule).not.toContain('german-shepherd');
    // Full entries first, then the stubs: no full entry after the first stub.
    const firstStub = listed.findIndex((r) => r.stub);
    expect(listed.slice(firstStub).every((r) => r.stub)).toBe(true);
  });
});
