import { describe, expect, it } from 'vitest';
import { safeEntryName } from '../../src/core/export/index.js';

describe('safeEntryName (names inside the data export ZIP come from user text: dog and route names)', () => {
  it('keeps every name inside the ZIP: no parent folders, no absolute paths, no characters Windows refuses', () => {
    const none = new Set<string>();
    expect(safeEntryName('gesundheit/../../etc/passwd.pdf', none)).toBe('gesundheit/_/_/etc/passwd.pdf');
    expect(safeEntryName('/routen/x.gpx', none)).toBe('_/routen/x.gpx');
    expect(safeEntryName('gesundheit/Bello: "der Beste"?.pdf', none)).toBe('gesundheit/Bello_ _der Beste__.pdf');
    expect(safeEntryName('medien/a\u0000b.jpg', none)).toBe('medien/a_b.jpg');
  });

  it('gives a second use of a name " (2)" before the extension, a third " (3)"', () => {
    const taken = new Set(['routen/Runde.gpx', 'routen/Runde (2).gpx']);
    expect(safeEntryName('routen/Runde.gpx', taken)).toBe('routen/Runde (3).gpx');
    expect(safeEntryName('daten/liste', new Set(['daten/liste']))).toBe('daten/liste (2)');
  });
});
