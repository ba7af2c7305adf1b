import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { decrementCounter, deleteCounter, deleteCountersWithPrefix, incrementCounter, readCounter } from './rate-limit.repo.js';

/**
 * express-rate-limit's store over the app's database (SQLite file or PostgreSQL): the same fixed windows as the
 * memory store, but a restart keeps the counts and every instance on the database counts together (issue 16).
 * Cost: one upsert per counted request, measured in bench/rate-limit-store.mjs (docs/performance.md).
 */
export class DbRateLimitStore implements Store {
  /** Counts are shared: express-rate-limit's double-count check must not treat them as this instance's own. */
  readonly localKeys = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    readonly prefix: string,
    private readonly windowMs: number,
  ) {}

  private keyOf(key: string): string {
    return `${this.prefix}:${key}`;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { hits, resetAt } = await incrementCounter(this.db, this.keyOf(key), this.clock.now().getTime(), this.windowMs);
    return { totalHits: hits, resetTime: new Date(resetAt) };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await readCounter(this.db, this.keyOf(key), this.clock.now().getTime());
    return row && { totalHits: row.hits, resetTime: new Date(row.resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await decrementCounter(this.db, this.keyOf(key), this.clock.now().getTime());
  }

  async resetKey(key: string): Promise<void> {
    await deleteCounter(this.db, this.keyOf(key));
  }

  async resetAll(): Promise<void> {
    await deleteCountersWithPrefix(this.db, this.prefix);
  }
}
