import { describe, expect, it } from 'vitest';
import { readCookie } from './session.js';

describe('readCookie: one cookie from the header, without parsing the rest', () => {
  it('finds the cookie wherever it stands, after blanks, and decodes it', () => {
    expect(readCookie('session=abc', 'session')).toBe('abc');
    expect(readCookie('a=1; session=a%20b;b=2', 'session')).toBe('a b');
    expect(readCookie('a=1;\tsession=x', 'session')).toBe('x');
    expect(readCookie('a=1;session=', 'session')).toBe('');
  });

  it('does not take a cookie whose name only ends or starts like it, nor a missing or malformed one', () => {
    expect(readCookie('mysession=evil; sessionx=evil', 'session')).toBeUndefined();
    expect(readCookie('a=session=evil', 'session')).toBeUndefined();
    expect(readCookie(undefined, 'session')).toBeUndefined();
    expect(readCookie('', 'session')).toBeUndefined();
    expect(readCookie('session=%E0%A4%A', 'session')).toBeUndefined();
    expect(readCookie('x=1;;  ;session=ok', 'session')).toBe('ok');
  });
});
