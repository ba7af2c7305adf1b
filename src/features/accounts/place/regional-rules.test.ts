import { describe, expect, it } from 'vitest';
import data from './regional-rules.json' with { type: 'json' };
import { checkTable, REGISTRIES, RULE_CODES, RULES, ruleOf, rulesFor, withinSeason } from './regional-rules.js';
import { REGION_NAMES } from './regions.js';

const regions = [...Object.keys(REGION_NAMES).filter((r) => !r.startsWith('CH')), 'CH'];

describe('the rules table (regional-rules.json)', () => {
  it('has every row sourced, with a valid code, required value and dates', () => {
    expect(() => checkTable(data)).not.toThrow();
    for (const row of RULES) {
      expect(row.source_url, `${row.region}/${row.code}`).toMatch(/^https?:\/\/\S+$/);
      expect(Number.isNaN(Date.parse(row.as_of))).toBe(false);
      expect(row.as_of <= '2026-12-31').toBe(true);
    }
    for (const reg of REGISTRIES) expect(reg.source_url).toMatch(/^https?:\/\//);
  });

  it('covers all 16 German Länder, the 9 Austrian Länder and Switzerland for every code, once', () => {
    expect(regions).toHaveLength(26);
    for (const region of regions) for (const code of RULE_CODES) expect(ruleOf(region, code), `${region}/${code}`).toBeDefined();
    expect(RULES).toHaveLength(26 * RULE_CODES.length);
  });

  it('refuses a row without a source, an unknown code, a bad date or a leash season without dates', () => {
    const good = { region: 'DE-NI', code: 'registry', required: 'yes', rule: 'Pflicht im Register', source_url: 'https://example.org/a', as_of: '2026-12-01' };
    const table = (row: object) => ({ about: '', registries: [], rules: [row] });
    expect(() => checkTable(table(good))).not.toThrow();
    expect(() => checkTable(table({ ...good, source_url: undefined }))).toThrow();
    expect(() => checkTable(table({ ...good, code: 'muzzle' }))).toThrow();
    expect(() => checkTable(table({ ...good, as_of: '2026-13-01' }))).toThrow();
    expect(() => checkTable(table({ ...good, region: 'DE-XX' }))).toThrow();
    expect(() => checkTable(table({ ...good, code: 'leash_season' }))).toThrow();
    expect(() => checkTable(table({ ...good, code: 'leash_season', from: '04-31', until: '07-15' }))).toThrow();
    expect(() => checkTable({ ...table(good), rules: [good, good] })).toThrow();
  });

  it('says what the laws say for Lower Saxony, Bavaria, Austria and Switzerland', () => {
    expect(ruleOf('DE-NI', 'liability_insurance')?.required).toBe('yes');
    expect(ruleOf('DE-NI', 'registry')?.required).toBe('yes');
    expect(ruleOf('DE-NI', 'competence_certificate')?.required).toBe('yes');
    expect(ruleOf('DE-BY', 'liability_insurance')?.required).toBe('no');
    for (const at of ['AT-1', 'AT-2', 'AT-3', 'AT-4', 'AT-5', 'AT-6', 'AT-7', 'AT-8', 'AT-9']) expect(ruleOf(at, 'registry')?.required).toBe('yes');
    expect(ruleOf('CH', 'registry')?.required).toBe('yes');
    expect(ruleOf('CH-ZH', 'registry')?.rule).toContain('AMICUS');
    expect(ruleOf('DE-NI', 'leash_season')).toMatchObject({ required: 'yes', from: '04-01', until: '07-15' });
  });

  it('gives "unknown" a reason and never dates', () => {
    const unknown = RULES.filter((r) => r.required === 'unknown');
    expect(unknown.length).toBeGreaterThan(0);
    for (const r of unknown) {
      expect(r.rule.length).toBeGreaterThan(10);
      expect(r.from).toBeUndefined();
    }
    expect(rulesFor(null)).toEqual([]);
  });

  it('knows whether a day lies in a season', () => {
    expect(withinSeason('2027-05-10', '04-01', '07-15')).toBe(true);
    expect(withinSeason('2027-04-01', '04-01', '07-15')).toBe(true);
    expect(withinSeason('2027-07-16', '04-01', '07-15')).toBe(false);
    expect(withinSeason('2027-01-05', '12-01', '02-28')).toBe(true);
  });
});
