import { describe, expect, it } from 'vitest';
import { describeSchedule, formatMegabytes } from './backup-format.js';

describe('backup schedule in words', () => {
  it('reads the default and the common shapes, and leaves anything else as the expression', () => {
    expect(describeSchedule('15 3 * * *')).toBe('täglich um 03:15');
    expect(describeSchedule('0 22 * * *')).toBe('täglich um 22:00');
    expect(describeSchedule('30 4 * * 0')).toBe('jeden Sonntag um 04:30');
    expect(describeSchedule('30 4 * * 7')).toBe('jeden Sonntag um 04:30');
    expect(describeSchedule('*/30 * * * *')).toBe('nach Plan „*/30 * * * *“');
    expect(describeSchedule('0 3 1 * *')).toBe('nach Plan „0 3 1 * *“');
    expect(describeSchedule('0 3 * * 1-5')).toBe('nach Plan „0 3 * * 1-5“');
  });
});

describe('snapshot size', () => {
  it('is MB with one decimal and a decimal comma', () => {
    expect(formatMegabytes(1_300_000)).toBe('1,2 MB');
    expect(formatMegabytes(1024 * 1024 * 1234.56)).toBe('1.234,6 MB');
    expect(formatMegabytes(0)).toBe('0,0 MB');
    expect(formatMegabytes(10_000)).toBe('unter 0,1 MB');
  });
});
