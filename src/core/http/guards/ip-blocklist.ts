import type { RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import { MINUTE } from '../../clock.js';
import type { Db } from '../../db/index.js';
import type { Logger } from '../../logger.js';
import { forbidden } from '../route/errors.js';
import { activeBlocks, deleteBlock, findBlock, saveBlock, type IpBlockRow } from './ip-blocklist.repo.js';

const REFRESH_MS = 30_000;

/** How long blocks last: the first one, the factor for each repeat, the ceiling (IP_BLOCK_* in .env). */
export interface BlockDurations {
  firstMinutes: number;
  factor: number;
  maxMinutes: number;
}

/** The n-th block of an address (1 = first): first × factor^(n−1), never more than the ceiling. */
export function blockMinutes(hits: number, d: BlockDurations): number {
  return Math.min(d.maxMinutes, d.firstMinutes * d.factor ** Math.max(0, hits - 1));
}

/**
 * Who a block may stop. Many people share an address (a household, an office, a mobile carrier's NAT), so a block
 * only hits requests without a session, and never the ways to get one: logging in, registering, resetting a
 * password. A signed-in user on a blocked network keeps working, and so can anyone who signs in there.
 */
const ALWAYS_OPEN = /^\/api\/auth\/(login|register|password-reset(\/confirm)?)$/;

/**
 * Blocked client addresses live in ip_blocks; this keeps them in memory so the check costs nothing per request.
 * Other app instances pick up new blocks, and lifted ones, within REFRESH_MS.
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
    const rows = await activeBlocks(this.db, now.toISOString());
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

  /** Blocks the address; each repeat while the row exists lengthens the block (blockMinutes). Returns the row. */
  async block(ip: string, reason: string, durations: BlockDurations): Promise<{ hits: number; blocked_until: string }> {
    const now = this.clock.now();
    const hits = ((await findBlock(this.db, ip))?.hits ?? 0) + 1;
    const until = new Date(now.getTime() + blockMinutes(hits, durations) * MINUTE).toISOString();
    await saveBlock(this.db, { ip, reason: reason.slice(0, 200), blocked_until: until, hits, now: now.toISOString() });
    this.#blocked.set(ip, Date.parse(until));
    this.log.warn({ ip, reason, until, hits }, 'client address blocked');
    return { hits, blocked_until: until };
  }

  /** The blocks in force now, longest first (the admin list). */
  active(): Promise<IpBlockRow[]> {
    return activeBlocks(this.db, this.clock.now().toISOString());
  }

  /** Lifts a block here at once and on other instances at their next refresh; false when there was none. */
  async lift(ip: string, by: { id: number }): Promise<boolean> {
    const lifted = await deleteBlock(this.db, ip);
    this.#blocked.delete(ip);
    if (lifted) this.log.warn({ ip, adminId: by.id }, 'client address block lifted');
    return lifted;
  }

  /** After the session middleware: requests with a session, and the ways to get one, always pass. */
  middleware(): RequestHandler {
    return (req, _res, next) => {
      if (req.user || ALWAYS_OPEN.test(req.path)) return next();
      next(this.isBlocked(req.ip ?? '') ? forbidden('Zugriff gesperrt.') : undefined);
    };
  }
}
