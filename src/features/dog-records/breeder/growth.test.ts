import { describe, expect, it } from 'vitest';
import { gainWords, growthWarnings, type PuppySeries } from './growth.js';

const series = (id: number, weights: [string, number][]): PuppySeries => ({
  puppy_id: id,
  label: `Welpe ${id}`,
  weights: weights.map(([date, weight_g]) => ({ date, weight_g })),
});

describe('growthWarnings', () => {
  it('flags a puppy lighter than the day before, on the latest day only', () => {
    const w = growthWarnings([
      series(1, [
        ['2026-05-01', 400],
        ['2026-05-02', 390],
        ['2026-05-03', 420],
        ['2026-05-04', 410],
      ]),
      series(2, [
        ['2026-05-03', 400],
        ['2026-05-04', 430],
      ]),
    ]);
    expect(w.get(1)).toEqual([expect.objectContaining({ kind: 'lost', date: '2026-05-04', message: expect.stringContaining('10 g') })]);
    expect(w.get(2)).toEqual([]);
  });

  it('a loss against the previous weighing up to three days before warns too (200 → 190 → 185 g every other day)', () => {
    const days = [
      ['2026-05-01', 200],
      ['2026-05-03', 190],
      ['2026-05-05', 185],
    ] as [string, number][];
    expect(growthWarnings([series(1, days.slice(0, 2))]).get(1)).toEqual([
      expect.objectContaining({
        kind: 'lost',
        date: '2026-05-03',
        message: 'Welpe 1 hat seit dem 01.05.2026 10 g abgenommen. Behalte es im Blick und frag im Zweifel die Tierarztpraxis.',
      }),
    ]);
    expect(growthWarnings([series(1, days)]).get(1)).toEqual([
      expect.objectContaining({ kind: 'lost', date: '2026-05-05', message: expect.stringContaining('seit dem 03.05.2026 5 g') }),
    ]);
    // One decimal: 180,5 → 179 is a loss of 1,5 g.
    expect(
      growthWarnings([
        series(1, [
          ['2026-05-01', 180.5],
          ['2026-05-02', 179],
        ]),
      ]).get(1)?.[0]?.message,
    ).toContain('seit gestern 1,5 g');
  });

  it('a drop across a gap of more than three days is no news', () => {
    const w = growthWarnings([
      series(1, [
        ['2026-05-01', 420],
        ['2026-05-05', 410],
      ]),
    ]);
    expect(w.get(1)).toEqual([]);
  });

  it('flags a puppy that gained less than half of its siblings’ median over three days', () => {
    const grow = (id: number, start: number, end: number) =>
      series(id, [
        ['2026-05-01', start],
        ['2026-05-04', end],
      ]);
    const w = growthWarnings([grow(1, 400, 480), grow(2, 420, 500), grow(3, 380, 460), grow(4, 400, 415)]);
    expect(w.get(4)).toEqual([expect.objectContaining({ kind: 'slow' })]);
    for (const id of [1, 2, 3]) expect(w.get(id)).toEqual([]);
  });

  it('says a puppy lost weight (not "-5 % zugenommen") and names the real gap between the weighings', () => {
    const grow = (id: number, start: number, end: number) =>
      series(id, [
        ['2026-05-01', start],
        ['2026-05-08', end],
      ]);
    const w = growthWarnings([grow(1, 400, 480), grow(2, 420, 500), grow(3, 380, 460), grow(4, 400, 380)]);
    expect(w.get(4)).toEqual([
      expect.objectContaining({
        kind: 'slow',
        message: 'Welpe 4 hat in 7 Tagen 5 % abgenommen, die Geschwister etwa 20 % (bis 08.05.2026).',
      }),
    ]);
  });

  it('words a gain, a loss and no change', () => {
    expect([gainWords(12.4), gainWords(-4.6), gainWords(-0.3), gainWords(0.2)]).toEqual([
      '12 % zugenommen',
      '5 % abgenommen',
      'nicht zugenommen',
      'nicht zugenommen',
    ]);
  });

  it('needs at least two siblings with data to compare', () => {
    const w = growthWarnings([
      series(1, [
        ['2026-05-01', 400],
        ['2026-05-04', 480],
      ]),
      series(2, [
        ['2026-05-01', 400],
        ['2026-05-04', 401],
      ]),
    ]);
    expect(w.get(2)).toEqual([]);
    expect(growthWarnings([])).toEqual(new Map());
  });
});
