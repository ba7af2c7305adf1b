import { dateInZone, type Clock } from '#core/clock.js';
import type { Db } from '#core/db/index.js';
import type { Logger } from '#core/logger.js';
import { addErrorCounts } from './error-counts.repo.js';

const FLUSH_AFTER_MS = 5_000;

/**
 * Counts errors (log level ≥ error, from requests and jobs alike) per day and message in memory and adds them to
 * error_counts a few seconds later, so a burst of errors costs one write per message, and several instances add
 * to the same rows. The day is the app's day (TZ_APP) when the error happened.
 */
export class ErrorCounter {
  #pending = new Map<string, { day: string; message: string; count: number; lastAt: string }>();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { db: Db; clock: Clock; timeZone: string; log: Logger }) {}

  record(message: string): void {
    const now = this.deps.clock.now();
    const day = dateInZone(now, this.deps.timeZone);
    const key = `${day}\u0000${message}`;
    const entry = this.#pending.get(key);
    if (entry) {
      entry.count++;
      entry.lastAt = now.toISOString();
    } else this.#pending.set(key, { day, message, count: 1, lastAt: now.toISOString() });
    if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_AFTER_MS);
      this.#timer.unref();
    }
  }

  /** Writes what was counted so far (the digest job calls it first). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const rows = [...this.#pending.values()];
    this.#pending = new Map();
    this.#flushing = this.#flushing.then(async () => {
      if (rows.length === 0) return;
      try {
        await addErrorCounts(this.deps.db, rows);
      } catch (err) {
        // A warning, not an error: an error here would be counted and flushed again.
        this.deps.log.warn({ err: err instanceof Error ? err.message : String(err), rows: rows.length }, 'error counts not stored');
      }
    });
    return this.#flushing;
  }
}
