import type { Db } from '../db/index.js';

export type StaffRole = 'admin' | 'moderator';

/** The active accounts with one of these roles (who works a queue), in id order. */
export async function staffUserIds(db: Db, roles: readonly StaffRole[]): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('rolle', 'in', [...roles])
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(100)
    .execute();
  return rows.map((r) => r.id);
}
