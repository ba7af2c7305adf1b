import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';

/** dog_members: family sharing. Invitations by email; user_id and accepted_at are set on acceptance. */

const COLUMNS = [
  'dog_members.id',
  'dog_members.dog_id',
  'dog_members.email',
  'dog_members.user_id',
  'dog_members.role',
  'dog_members.accepted_at',
  'dog_members.created_at',
] as const;

export interface MemberRow {
  id: number;
  dog_id: number;
  email: string;
  user_id: number | null;
  role: string;
  accepted_at: string | null;
  created_at: string;
}

export async function listMemberRows(db: Db, dogId: number): Promise<MemberRow[]> {
  return db.selectFrom('dog_members').select(COLUMNS).where('dog_id', '=', dogId).orderBy('id').execute();
}

export function countMembers(db: Db, dogId: number): Promise<number> {
  return countOf(db.selectFrom('dog_members').where('dog_id', '=', dogId));
}

/** Inserts an invitation; undefined when this email is invited to the dog already (unique index). */
export async function insertInvitation(db: Db, v: { dog_id: number; email: string; invited_by: number; now: string }): Promise<MemberRow | undefined> {
  return db
    .insertInto('dog_members')
    .values({ dog_id: v.dog_id, email: v.email, role: 'caregiver', invited_by: v.invited_by, created_at: v.now })
    .onConflict((oc) => oc.columns(['dog_id', 'email']).doNothing())
    .returning(['id', 'dog_id', 'email', 'user_id', 'role', 'accepted_at', 'created_at'])
    .executeTakeFirst();
}

/** One membership with its dog's owner, for the ownership check. */
export async function findMemberWithOwner(
  db: Db,
  id: number,
): Promise<(MemberRow & { owner_id: number; dog_name: string; invited_by_name: string | null }) | undefined> {
  return db
    .selectFrom('dog_members')
    .innerJoin('dogs', 'dogs.id', 'dog_members.dog_id')
    .leftJoin('users as inviter', 'inviter.id', 'dog_members.invited_by')
    .select([...COLUMNS, 'dogs.user_id as owner_id', 'dogs.name as dog_name', 'inviter.name as invited_by_name'])
    .where('dog_members.id', '=', id)
    .executeTakeFirst();
}

/**
 * The invitations to an email address (pending and accepted), with the dog's name, newest first; before the id
 * `beforeId` when given (keyset; dog_members_email_idx holds one address's rows in id order).
 */
export async function listInvitationRows(
  db: Db,
  email: string,
  take: number,
  beforeId?: number,
): Promise<(MemberRow & { dog_name: string; invited_by_name: string | null })[]> {
  let q = db
    .selectFrom('dog_members')
    .innerJoin('dogs', 'dogs.id', 'dog_members.dog_id')
    .leftJoin('users as inviter', 'inviter.id', 'dog_members.invited_by')
    .select([...COLUMNS, 'dogs.name as dog_name', 'inviter.name as invited_by_name'])
    .where('dog_members.email', '=', email);
  if (beforeId !== undefined) q = q.where('dog_members.id', '<', beforeId);
  return q.orderBy('dog_members.id', 'desc').limit(take).execute();
}

export async function acceptInvitationRow(db: Db, id: number, userId: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('dog_members')
    .set({ user_id: userId, accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteMemberRow(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('dog_members').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Dogs shared with the user (accepted), by dog id (keyset: after `afterId`), for the dashboard and the dog picker. */
export async function sharedDogRows(
  db: Db,
  userId: number,
  take = 200,
  afterId?: number,
): Promise<{ id: number; name: string; photo_url: string | null; owner_id: number; owner_name: string }[]> {
  let q = db
    .selectFrom('dog_members')
    .innerJoin('dogs', 'dogs.id', 'dog_members.dog_id')
    .innerJoin('users', 'users.id', 'dogs.user_id')
    .select(['dogs.id', 'dogs.name', 'dogs.photo_url', 'dogs.user_id as owner_id', 'users.name as owner_name'])
    .where('dog_members.user_id', '=', userId)
    .where('dog_members.accepted_at', 'is not', null);
  if (afterId !== undefined) q = q.where('dogs.id', '>', afterId);
  return q.orderBy('dogs.id').limit(take).execute();
}
