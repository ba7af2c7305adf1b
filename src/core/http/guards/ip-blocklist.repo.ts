import type { Db } from '../../db/index.js';

export interface IpBlockRow {
  ip: string;
  reason: string;
  blocked_until: string;
  created_at: string;
  hits: number;
  last_hit_at: string | null;
}

/** The blocks still in force at `now` (the in-memory list of every instance). */
export function activeBlocks(db: Db, now: string): Promise<IpBlockRow[]> {
  return db
    .selectFrom('ip_blocks')
    .select(['ip', 'reason', 'blocked_until', 'created_at', 'hits', 'last_hit_at'])
    .where('blocked_until', '>', now)
    .orderBy('blocked_until', 'desc')
    .limit(10_000)
    .execute();
}

export function findBlock(db: Db, ip: string): Promise<IpBlockRow | undefined> {
  return db.selectFrom('ip_blocks').select(['ip', 'reason', 'blocked_until', 'created_at', 'hits', 'last_hit_at']).where('ip', '=', ip).executeTakeFirst();
}

/** A first hit, or a repeat: the caller has worked out the new block's end and the count. */
export async function saveBlock(db: Db, row: { ip: string; reason: string; blocked_until: string; hits: number; now: string }): Promise<void> {
  await db
    .insertInto('ip_blocks')
    .values({ ip: row.ip, reason: row.reason, blocked_until: row.blocked_until, created_at: row.now, hits: row.hits, last_hit_at: row.now })
    .onConflict((oc) => oc.column('ip').doUpdateSet({ reason: row.reason, blocked_until: row.blocked_until, hits: row.hits, last_hit_at: row.now }))
    .execute();
}

/** An admin lifts a block: the row goes (the next hit starts counting from one again). */
export async function deleteBlock(db: Db, ip: string): Promise<boolean> {
  const result = await db.deleteFrom('ip_blocks').where('ip', '=', ip).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
