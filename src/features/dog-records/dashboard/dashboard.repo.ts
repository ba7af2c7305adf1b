import { sql } from 'kysely';
import type { Db } from '../../../core/db/index.js';

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
