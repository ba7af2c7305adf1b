import { describe, expect, it } from 'vitest';
import { diseasesFromText, parseDiseases } from './vaccine-diseases.js';

describe('diseases from the vaccine text', () => {
  it.each([
    ['Tollwut', ['tollwut']],
    ['Nobivac Rabies', ['tollwut']],
    ['SHPPi', ['staupe', 'hepatitis', 'parvovirose', 'zwingerhusten']],
    ['Versican Plus DHPPi/L4R', ['tollwut', 'staupe', 'hepatitis', 'parvovirose', 'leptospirose', 'zwingerhusten']],
    ['SHPPiLT', ['tollwut', 'staupe', 'hepatitis', 'parvovirose', 'leptospirose', 'zwingerhusten']],
    ['Nobivac L4', ['leptospirose']],
    ['Zwingerhusten (Bordetella)', ['zwingerhusten']],
    ['Grundimmunisierung', []],
  ])('%s → %j', (text, codes) => expect(diseasesFromText(text)).toEqual(codes));
  it('the stored JSON reads back; anything odd reads as none', () => {
    expect(parseDiseases('["tollwut","x"]')).toEqual(['tollwut']);
    expect(parseDiseases('{')).toEqual([]);
    expect(parseDiseases(null)).toEqual([]);
  });
});
