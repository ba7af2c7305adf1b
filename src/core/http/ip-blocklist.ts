import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { MINUTE } from '../clock.js';
import type { Db } from '../db/index.js';
import type { Logger } from '../logger.js';
import { forbidden } from './errors.js';

const REFRESH_MS = 30_000;

/**
 * Blocked client addresses live in ip_blocks; this keeps them in memory so the check costs nothing per request.
 * Other app instances pick up new blocks within REFRESH_MS.
 */
export class IpBlocklist {
  #blocked = new Map<string, number>();
  #loadedAt = 0;
  #loading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async load(): Promise<void> {
    const now = this.clock.now();
    const rows = await this.db.selectFrom('ip_blocks').select(['ip', 'blocked_until']).where('blocked_until', '>', now.toISOString()).execute();
    this.#blocked = new Map(rows.map((r) => [r.ip, Date.parse(r.blocked_until)]));
    this.#loadedAt = now.getTime();
  }

  isBlocked(ip: string): boolean {
    const now = this.clock.now().getTime();
    if (now - this.#loadedAt > REFRESH_MS && !this.#loading) {
      this.#loading = this.load()
        .catch((err: unknown) => this.log.warn({ err }, 'ip blocklist refresh failed'))
        .finally(() => (this.#loading = undefined));
    }
    const until = this.#blocked.get(ip);
    return until !== undefined && until > now;
  }

  async block(ip: string, reason: string, minutes: number): Promise<void> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + minutes * MINUTE).toISOString();
    await this.db
      .insertInto('ip_blocks')
      .values({ ip, reason: reason.slice(0, 200), blocked_until: until, created_at: now.toISOString() })
      .onConflict((oc) => oc.column('ip').doUpdateSet({ reason: reason.slice(0, 200), blocked_until: until }))
      .execute();
    this.#blocked.set(ip, Date.parse(until));
    this.log.warn({ ip, reason, until }, 'client address blocked');
  }

  middleware(): RequestHandler {
    return (req, _res, next) => {
      next(this.isBlocked(req.ip ?? '') ? forbidden('Zugriff gesperrt.') : undefined);
    };
  }
}
