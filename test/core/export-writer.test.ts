import { describe, expect, it } from 'vitest';
import { MAX_STEM_BYTES } from '#core/export/export-name.js';
import { safeFileName } from '#core/export/index.js';

/** One name in a fresh folder. */
const one = (text: string) => safeFileName(text, new Set());

describe('safeFileName (file names inside the data export ZIP come from user text: dog names, titles, route names)', () => {
  it('makes one flat segment: no folders, no parent steps, no absolute paths', () => {
    expect(one('../../x/y.pdf')).toBe('_.._x_y.pdf');
    expect(one('/etc/passwd')).toBe('_etc_passwd');
    expect(one('..\\..\\Windows\\win.ini')).toBe('_.._Windows_win.ini');
    for (const text of ['../../x/y.pdf', '/a/b', 'a\\b', '..', 'C:\\x']) expect(one(text)).not.toMatch(/[/\\]|^\.\.?$/);
  });

  it('never leaves a name of dots only or an empty one', () => {
    expect(one('..')).toBe('unbenannt');
    expect(one('...')).toBe('unbenannt');
    expect(one('.pdf')).toBe('unbenannt.pdf');
    expect(one('')).toBe('unbenannt');
    expect(one('   ')).toBe('unbenannt');
    expect(one('\u202e\u200b')).toBe('unbenannt');
  });

  it('drops control and invisible characters and the characters Windows refuses', () => {
    expect(one('a\u0000b.jpg')).toBe('a_b.jpg');
    expect(one('Zeile 1\nZeile 2\tEnde')).toBe('Zeile 1 Zeile 2 Ende');
    expect(one('Bello: "der Beste"?.pdf')).toBe('Bello_ _der Beste__.pdf');
    expect(one('<a>|b*')).toBe('_a__b_');
    // A right-to-left override would show "Rechnung\u202Efdp.exe" as "Rechnungexe.pdf".
    expect(one('Rechnung\u202efdp.exe')).toBe('Rechnungfdp.exe');
    expect(one('.versteckt')).toBe('versteckt');
    expect(one('Ende. . ')).toBe('Ende');
    expect(one('NUL.pdf')).toBe('NUL_.pdf');
    expect(one('com1')).toBe('com1_');
  });

  it('keeps readable text readable: umlauts, emoji, spaces, the extension', () => {
    expect(one('Bello 12.webp')).toBe('Bello 12.webp');
    expect(one('Löwenzahn & Gänseblümchen 🐕 3.PDF')).toBe('Löwenzahn & Gänseblümchen 🐕 3.pdf');
    expect(one('Cafe\u0301.gpx')).toBe('Café.gpx'); // one form (NFC), so two spellings cannot make two files
  });

  it('bounds the length in bytes without cutting a character in half, and keeps the extension', () => {
    const long = one(`${'ä'.repeat(300)}.pdf`);
    expect(long.endsWith('.pdf')).toBe(true);
    expect(Buffer.byteLength(long.slice(0, -4))).toBeLessThanOrEqual(MAX_STEM_BYTES);
    expect(long.slice(0, -4)).toBe('ä'.repeat(MAX_STEM_BYTES / 2));
    const emoji = one('🐕'.repeat(60));
    expect(Buffer.byteLength(emoji)).toBeLessThanOrEqual(MAX_STEM_BYTES);
    expect(emoji).toBe('🐕'.repeat(MAX_STEM_BYTES / 4)); // four bytes each, none split
  });

  it('is unique in its folder: a second use gets " (2)" before the extension, a third " (3)", whatever the case', () => {
    const taken = new Set<string>();
    expect(safeFileName('Runde.gpx', taken)).toBe('Runde.gpx');
    expect(safeFileName('Runde.gpx', taken)).toBe('Runde (2).gpx');
    expect(safeFileName('runde.GPX', taken)).toBe('runde (3).gpx'); // one file on Windows and macOS
    expect(safeFileName('liste', taken)).toBe('liste');
    expect(safeFileName('liste', taken)).toBe('liste (2)');
    // Two texts that clean to the same name are two files too.
    expect(safeFileName('a/b', taken)).toBe('a_b');
    expect(safeFileName('a\\b', taken)).toBe('a_b (2)');
  });
});
