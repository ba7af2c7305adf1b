import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../client/core/parse-answer.js';
import { characterCount, SHOWN_AS_WRITTEN } from '#core/http/route/text-rules.js';
import { hasHiddenFormat, NAME_FIELD, withoutHiddenFormat } from './hidden-format.js';

const HIDDEN = [0x061c, ...range(0x200b, 0x200f), ...range(0x202a, 0x202e), ...range(0x2060, 0x2064), ...range(0x2066, 0x2069), 0xfeff];
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const FINE = ['Jürgen 🐕', 'Ænne', 'Bello', 'Rex 🐕‍🦺', '👩🏽‍💻 Ada', '❤️‍🔥', '🏳️‍🌈 Pride-Gassi', 'مرحبا', 'שלום', '中文', 'é'];
const SPOOFED = [
  '\u202EnimdA\u202C',
  'Anna\u202Egnp.exe',
  'Bob\u2066',
  'a\u200Bb',
  'x\u2060y',
  '\uFEFFBob',
  'a\u200Db',
  '🐕\u200D',
  '\u200D🐕',
  '🐕\u200D\u200D🦺',
  'x\u061Cy',
];

describe('bidi controls and invisible format characters', () => {
  it('every character of the decision is hidden, each alone and inside a name; the emoji joiner only between emoji', () => {
    for (const code of HIDDEN) {
      const char = String.fromCodePoint(code);
      expect(hasHiddenFormat(`Bo${char}b`), code.toString(16)).toBe(true);
      expect(SHOWN_AS_WRITTEN.test(`Bo${char}b`), code.toString(16)).toBe(false);
      expect(withoutHiddenFormat(`Bo${char}b`)).toBe('Bob');
    }
    for (const text of FINE) expect(SHOWN_AS_WRITTEN.test(text), text).toBe(true);
  });

  it('the strip (the client) and the input rule (the server) agree: a text passes exactly when stripping keeps it', () => {
    for (const text of [...FINE, ...SPOOFED]) expect(withoutHiddenFormat(text) === text, JSON.stringify(text)).toBe(SHOWN_AS_WRITTEN.test(text));
    expect(withoutHiddenFormat('\u202EnimdA\u202C')).toBe('nimdA');
    expect(withoutHiddenFormat('🐕\u200D\u200D🦺')).toBe('🐕🦺');
    expect(withoutHiddenFormat('Rex 🐕‍🦺\u200B')).toBe('Rex 🐕‍🦺');
  });

  it('counts characters as code points: an emoji is one, a lone surrogate one', () => {
    expect(characterCount('🐕'.repeat(200))).toBe(200);
    expect(characterCount('Jürgen')).toBe(6);
    expect(characterCount('\uD83D')).toBe(1);
    expect(characterCount('a\uDC15b')).toBe(3);
  });
});

describe('answers as the app reads them', () => {
  it('cleans names and titles of any depth, and leaves other texts and answers without such characters alone', () => {
    const body = {
      user: { name: '\u202EnimdA\u202C', bio: 'Hallo\u200B' },
      items: [{ title: 'Tre\u2066ffen', dog_name: 'Anna\u202Egnp.exe', place_name: 'Wiese\u2060', body: 'Text\u200Fmit Marke' }],
      owner_name: 'Rex 🐕‍🦺',
    };
    expect(parseAnswer(JSON.stringify(body))).toEqual({
      user: { name: 'nimdA', bio: 'Hallo\u200B' },
      items: [{ title: 'Treffen', dog_name: 'Annagnp.exe', place_name: 'Wiese', body: 'Text\u200Fmit Marke' }],
      owner_name: 'Rex 🐕‍🦺',
    });
    expect(parseAnswer('{"name":"Jürgen 🐕","n":1}')).toEqual({ name: 'Jürgen 🐕', n: 1 });
  });

  it('names the fields by their JSON name', () => {
    for (const field of ['name', 'title', 'dog_name', 'owner_name', 'author_name', 'invited_by_name', 'place_name', 'latest_title', 'label', 'city', 'breed'])
      expect(NAME_FIELD.test(field), field).toBe(true);
    for (const field of ['filename', 'names', 'subtitle_id', 'body', 'description', 'email', 'breed_slug']) expect(NAME_FIELD.test(field), field).toBe(false);
  });
});
