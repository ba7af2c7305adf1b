import { describe, expect, it } from 'vitest';
import { DESTINATIONS, RULES, SOURCES, countryName, destinationOf } from './travel-rules.data.js';

/** The rules table is data with its legal sources: a row without one fails here (decisions: Trips abroad). */
describe('travel rules data', () => {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  it('every source has an https URL and the day it was read', () => {
    for (const [key, s] of Object.entries(SOURCES)) {
      expect(s.source_url, key).toMatch(/^https:\/\/\S+$/);
      expect(s.as_of, key).toMatch(day);
      expect(s.title.length, key).toBeGreaterThan(10);
    }
  });
  it('every rule and every destination names at least one known source', () => {
    for (const [code, r] of Object.entries(RULES)) {
      expect(r.sources.length, code).toBeGreaterThan(0);
      for (const k of r.sources) expect(SOURCES[k], `${code}: ${k}`).toBeDefined();
    }
    for (const d of DESTINATIONS) {
      expect(d.sources.length, d.code).toBeGreaterThan(0);
      for (const k of d.sources) expect(SOURCES[k], `${d.code}: ${k}`).toBeDefined();
    }
  });
  it('codes are unique ISO alpha-2, with German names; all 27 member states and the decided European states are there', () => {
    const codes = DESTINATIONS.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^[A-Z]{2}$/);
    expect(DESTINATIONS.filter((d) => d.group === 'eu')).toHaveLength(27);
    for (const c of ['CH', 'NO', 'IS', 'LI', 'AD', 'MC', 'SM', 'VA', 'GB']) expect(codes).toContain(c);
    expect(countryName('NO')).toBe('Norwegen');
  });
  it('the tapeworm goes with Finland, Ireland, Malta, Norway and Great Britain only; the titre only with unlisted or unknown countries', () => {
    expect(
      DESTINATIONS.filter((d) => d.rules.includes('tapeworm'))
        .map((d) => d.code)
        .sort(),
    ).toEqual(['FI', 'GB', 'IE', 'MT', 'NO']);
    for (const d of DESTINATIONS) expect(d.rules.includes('titer'), d.code).toBe(d.listed !== true);
    expect(destinationOf('ZZ')).toMatchObject({ listed: 'unknown' });
  });
});
