import { describe, expect, it } from 'vitest';
import { dueOccurrences, MAX_CATCH_UP, occurrenceDate } from './recurrence.js';

describe('occurrenceDate', () => {
  it('keeps the 31st where a month has one and takes the last day elsewhere', () => {
    const dates = [1, 2, 3, 4, 5].map((n) => occurrenceDate('2026-01-31', 'monthly', n));
    expect(dates).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
  });

  it('knows leap years: 29 February in 2028, 28 February in between', () => {
    expect(occurrenceDate('2026-01-31', 'monthly', 25)).toBe('2028-02-29');
    expect([1, 2, 3, 4].map((n) => occurrenceDate('2024-02-29', 'yearly', n))).toEqual(['2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
  });

  it('steps quarters across the year end', () => {
    expect([1, 2, 3].map((n) => occurrenceDate('2026-11-30', 'quarterly', n))).toEqual(['2027-02-28', '2027-05-30', '2027-08-30']);
  });
});

describe('dueOccurrences', () => {
  it('lists what is due after the last one made, up to today', () => {
    expect(dueOccurrences('2026-01-15', 'monthly', 0, '2026-04-14')).toEqual([
      { occurrence: 1, date: '2026-02-15' },
      { occurrence: 2, date: '2026-03-15' },
    ]);
    expect(dueOccurrences('2026-01-15', 'monthly', 2, '2026-04-15')).toEqual([{ occurrence: 3, date: '2026-04-15' }]);
    expect(dueOccurrences('2026-01-15', 'none', 0, '2030-01-01')).toEqual([]);
  });

  it('catches up at most MAX_CATCH_UP at a time', () => {
    expect(dueOccurrences('2000-01-01', 'monthly', 0, '2026-01-01')).toHaveLength(MAX_CATCH_UP);
  });
});
