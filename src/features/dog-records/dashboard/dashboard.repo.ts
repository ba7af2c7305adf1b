import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { Database } from '#core/db/schema.js';

/**
 * The dashboard's own frame in one statement (issue 34, fewer round trips): the owner's dogs, the dogs shared with
 * them (accepted; the areas' reminders cover those too) and the unread notification count, as one UNION ALL. Each
 * branch is wrapped in a subquery so it may keep its own ORDER BY/LIMIT (SQLite allows neither on a compound's
 * members); the caller sorts again, since the order of a union's rows is not promised.
 */
export interface DashboardFrame {
  dogs: { id: number; name: string; photo_url: string | null }[];
  shared: { id: number; name: string }[];
  unread: number;
}

type FrameRow = { kind: string; id: number | string; name: string | null; photo_url: string | null };

export async function dashboardFrame(db: Db, userId: number, sharedTake = 200): Promise<DashboardFrame> {
  const unread = db
    .selectFrom('notifications')
    .select((eb) => [
      sql<string>`'unread'`.as('kind'),
      eb.fn.countAll<number | string>().as('id'),
      sql<string | null>`null`.as('name'),
      sql<string | null>`null`.as('photo_url'),
    ])
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  const own = db
    .selectFrom('dogs')
    .select([sql<string>`'own'`.as('kind'), 'id', 'name', 'photo_url'])
    .where('user_id', '=', userId)
    .$castTo<FrameRow>();
  const shared = db
    .selectFrom(
      db
        .selectFrom('dog_members')
        .innerJoin('dogs', 'dogs.id', 'dog_members.dog_id')
        .select([sql<string>`'shared'`.as('kind'), 'dogs.id', 'dogs.name', 'dogs.photo_url'])
        .where('dog_members.user_id', '=', userId)
        .where('dog_members.accepted_at', 'is not', null)
        .orderBy('dogs.id')
        .limit(sharedTake)
        .as('s'),
    )
    .selectAll()
    .$castTo<FrameRow>();
  const rows = await unread.$castTo<FrameRow>().unionAll(own).unionAll(shared).execute();
  const frame: DashboardFrame = { dogs: [], shared: [], unread: 0 };
  for (const r of rows) {
    if (r.kind === 'unread') frame.unread = Number(r.id);
    else if (r.kind === 'own') frame.dogs.push({ id: Number(r.id), name: r.name ?? '', photo_url: r.photo_url });
    else frame.shared.push({ id: Number(r.id), name: r.name ?? '' });
  }
  // In the order they were added (listDogSummaries' order), shared ones by id.
  frame.dogs.sort((a, b) => a.id - b.id);
  frame.shared.sort((a, b) => a.id - b.id);
  return frame;
}

/**
 * The areas' reads as one statement (issue 34): each area maps its columns onto a DashboardRow (null where it has
 * none) in a branch of its own repo; the dashboard wraps every branch (so each keeps its ORDER BY/LIMIT on SQLite),
 * tags it, and runs them all as one UNION ALL. A union promises no order: areas sort their rows again.
 */
export interface DashboardRow {
  dog_id: number | null;
  id: number | null;
  ref: number | null;
  day: string | null;
  text: string | null;
  more: string | null;
}
// The branch's tables are the area's business; only its output shape is fixed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DashboardBranch = SelectQueryBuilder<Database, any, DashboardRow>;

/**
 * Typed NULLs for the columns a branch has no value for: PostgreSQL resolves a union's column types pair by pair,
 * and an untyped NULL meeting an integer column after two untyped ones would be text against integer.
 */
export const noNumber = sql<number | null>`cast(null as integer)`;
export const noText = sql<string | null>`cast(null as text)`;

export async function readDashboardBranches(db: Db, branches: readonly { tag: string; branch: DashboardBranch }[]): Promise<Map<string, DashboardRow[]>> {
  const byTag = new Map<string, DashboardRow[]>();
  if (branches.length === 0) return byTag;
  const [first, ...rest] = branches.map(({ tag, branch }) =>
    db.selectFrom(branch.as('b')).select([sql<string>`cast(${tag} as text)`.as('tag'), 'b.dog_id', 'b.id', 'b.ref', 'b.day', 'b.text', 'b.more']),
  );
  const rows = await rest.reduce((q, next) => q.unionAll(next), first!).execute();
  for (const { tag, ...row } of rows) {
    const list = byTag.get(tag);
    if (list) list.push(row);
    else byTag.set(tag, [row]);
  }
  return byTag;
}
