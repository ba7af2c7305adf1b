import { describe, expect, it } from 'vitest';
import { quietUntil } from '#core/push/index.js';

const TZ = 'Europe/Berlin';
const night = { enabled: true, start: '22:00', end: '07:00' };
const at = (iso: string) => quietUntil(night, new Date(iso), TZ)?.toISOString() ?? null;

describe('quiet hours (Europe/Berlin)', () => {
  it('holds from 22:00 to 07:00 local time, over midnight', () => {
    expect(at('2026-11-21T20:59:00Z')).toBeNull(); // 21:59
    expect(at('2026-11-21T21:00:00Z')).toBe('2026-11-22T06:00:00.000Z'); // 22:00 → 07:00 tomorrow
    expect(at('2026-11-21T23:30:00Z')).toBe('2026-11-22T06:00:00.000Z'); // 00:30 → 07:00 today
    expect(at('2026-11-22T05:59:00Z')).toBe('2026-11-22T06:00:00.000Z'); // 06:59
    expect(at('2026-11-22T06:00:00Z')).toBeNull(); // 07:00
  });

  it('ends at 07:00 local time across the DST changes', () => {
    // Spring: the night of 28/29 March 2026 loses an hour; 07:00 CEST is 05:00 UTC.
    expect(at('2026-03-28T22:00:00Z')).toBe('2026-03-29T05:00:00.000Z');
    // Autumn: 24/25 October 2026 gains one; 07:00 CET is 06:00 UTC.
    expect(at('2026-10-24T21:00:00Z')).toBe('2026-10-25T06:00:00.000Z');
  });

  it('handles a window within one day, an empty window and quiet hours switched off', () => {
    const lunch = { enabled: true, start: '12:00', end: '13:30' };
    expect(quietUntil(lunch, new Date('2026-07-01T10:15:00Z'), TZ)?.toISOString()).toBe('2026-07-01T11:30:00.000Z');
    expect(quietUntil(lunch, new Date('2026-07-01T11:30:00Z'), TZ)).toBeNull();
    expect(quietUntil({ enabled: true, start: '08:00', end: '08:00' }, new Date('2026-07-01T06:00:00Z'), TZ)).toBeNull();
    expect(quietUntil({ ...night, enabled: false }, new Date('2026-11-21T23:00:00Z'), TZ)).toBeNull();
  });
});
