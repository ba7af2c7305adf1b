import { describe, expect, it } from 'vitest';
import { RecencyMap } from './recency-map.js';

/** a → 1, b → 2, c → 3, inserted in that order, none used yet. */
function abc(): RecencyMap<string, number> {
  const map = new RecencyMap<string, number>();
  ['a', 'b', 'c'].forEach((key, i) => map.set(key, i + 1));
  return map;
}

describe('RecencyMap', () => {
  it('gets, sets, deletes and counts like a Map', () => {
    const map = new RecencyMap<string, number>();
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3);
    expect(map.get('a')).toBe(3);
    expect(map.get('c')).toBeUndefined();
    expect(map.size).toBe(2);
    expect(map.delete('a')).toBe(true);
    expect(map.has('a')).toBe(false);
    map.clear();
    expect(map.size).toBe(0);
    expect(map.evict()).toBeUndefined();
  });

  it('evicts the oldest entry not used since it came in', () => {
    const map = abc();
    map.get('a');
    expect(map.evict()).toEqual(['b', 2]);
    expect(map.evict()).toEqual(['c', 3]);
    // 'a' had its second chance: unmarked and moved to the back, it goes next.
    expect(map.evict()).toEqual(['a', 1]);
    expect(map.size).toBe(0);
  });

  it('gives every used entry one second chance, then evicts in that order', () => {
    const map = abc();
    for (const k of ['a', 'b', 'c']) map.get(k);
    expect(map.evict()).toEqual(['a', 1]);
    map.get('b');
    expect(map.evict()).toEqual(['c', 3]);
    expect(map.evict()).toEqual(['b', 2]);
  });

  it('has() does not count as a use', () => {
    const map = new RecencyMap<string, number>();
    map.set('a', 1);
    map.set('b', 2);
    map.has('a');
    expect(map.evict()).toEqual(['a', 1]);
  });
});
