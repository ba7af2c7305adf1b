import { describe, expect, it } from 'vitest';
import { idBatches } from './id-batches.js';

/** Rows with ids 1…n, answered the way a repo's keyset query does, with every call recorded. */
function table(n: number) {
  const calls: [number, number][] = [];
  const fetch = async (afterId: number, size: number) => {
    calls.push([afterId, size]);
    return Array.from({ length: n }, (_, i) => ({ id: i + 1 }))
      .filter((r) => r.id > afterId)
      .slice(0, size);
  };
  return { calls, fetch };
}

async function collect(n: number, size: number) {
  const { calls, fetch } = table(n);
  const batches: number[][] = [];
  for await (const rows of idBatches(fetch, size)) batches.push(rows.map((r) => r.id));
  return { batches, calls };
}

describe('idBatches', () => {
  it('walks every row once, in id order, a batch at a time, and stops after a short batch', async () => {
    const { batches, calls } = await collect(5, 2);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(calls).toEqual([
      [0, 2],
      [2, 2],
      [4, 2],
    ]);
  });

  it('asks once more after a full last batch, and yields no empty batch', async () => {
    expect(await collect(4, 2)).toEqual({
      batches: [
        [1, 2],
        [3, 4],
      ],
      calls: [
        [0, 2],
        [2, 2],
        [4, 2],
      ],
    });
    expect(await collect(0, 2)).toEqual({ batches: [], calls: [[0, 2]] });
  });
});
