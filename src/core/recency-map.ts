/**
 * A bounded cache's map that drops its least recently used entries ("second chance", the CLOCK algorithm): a hit only
 * marks its entry, and the map itself changes on inserts and evictions alone.
 *
 * Why not the usual Map-as-LRU (delete and set again on every hit)? Each delete leaves a hole in V8's hash table,
 * and every few hundred hits the table is rebuilt. For a long-lived map that rebuild is allocated in the old
 * generation: the SQLite statement cache alone made megabytes of old garbage a minute under load, which the heap
 * keeps until the next full collection (docs/performance.md, "Memory"). Here an entry used since the last eviction
 * pass gets a second chance (moved to the back, unmarked) instead of being dropped, which approximates LRU order.
 */
export class RecencyMap<K, V> {
  readonly #entries = new Map<K, { value: V; used: boolean }>();

  get size(): number {
    return this.#entries.size;
  }

  /** The value, marked as used. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.value;
  }

  /** Whether the key is there, without marking it. */
  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** A new key goes to the back, unmarked; a known key keeps its place and is marked. */
  set(key: K, value: V): void {
    const entry = this.#entries.get(key);
    if (entry) {
      entry.value = value;
      entry.used = true;
    } else {
      this.#entries.set(key, { value, used: false });
    }
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Removes and returns the least recently used entry (the first unmarked one, after second chances), if any. */
  evict(): [K, V] | undefined {
    // Every marked entry passed is unmarked and moved to the back, so this ends within size + 1 steps.
    for (const [key, entry] of this.#entries) {
      this.#entries.delete(key);
      if (!entry.used) return [key, entry.value];
      entry.used = false;
      this.#entries.set(key, entry);
    }
    return undefined;
  }
}
