import { sql } from 'kysely';
import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';
import { whereInBox, type BoundingBox } from '#core/geo/index.js';

/** Active users whose saved position lies in the box (the exact radius is core/geo's `nearest`), except one. */
export async function usersInBox(db: Db, box: BoundingBox, exceptUserId: number) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'lat', 'lon'])
    .where((eb) => whereInBox(eb, box, 'lat', 'lon'))
    .where('status', '=', 'active')
    .where('id', '<>', exceptUserId)
    .limit(20_000)
    .execute();
  return rows.filter((u): u is { id: number; lat: number; lon: number } => u.lat !== null && u.lon !== null);
}

export async function insertConfirmation(db: Db, warningId: number, userId: number, now: string): Promise<boolean> {
  const r = await db
    .insertInto('poison_confirmations')
    .values({ warning_id: warningId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['warning_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function countConfirmations(db: Db, warningId: number): Promise<number> {
  return countOf(db.selectFrom('poison_confirmations').where('warning_id', '=', warningId));
}

export async function setWarningState(
  db: Db,
  id: number,
  values: { status?: string; confirmed_count?: number; last_activity_at?: string; updated_at: string },
): Promise<void> {
  // The first time it becomes confirmed is kept (the public figures count it after the archive job has run).
  const confirmedAt = values.status === 'confirmed' ? { confirmed_at: sql<string>`coalesce(confirmed_at, ${values.updated_at})` } : {};
  await db
    .updateTable('poison_warnings')
    .set({ ...values, ...confirmedAt })
    .where('id', '=', id)
    .execute();
}

/** Unconfirmed and confirmed warnings whose last report or confirmation is older than `before` become archived. */
export async function archiveWarnings(db: Db, before: string, now: string): Promise<number> {
  const r = await db
    .updateTable('poison_warnings')
    .set({ status: 'archived', updated_at: now })
    .where('status', 'in', ['unconfirmed', 'confirmed'])
    .where('last_activity_at', '<', before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * After an account is gone: its inactive reports go; active ones stay anonymised (user_id already null), without
 * their photo (the file went with the account's media folder).
 */
export async function deleteInactiveAnonymous(db: Db): Promise<void> {
  await db.deleteFrom('poison_warnings').where('user_id', 'is', null).where('status', 'in', ['archived', 'false_alarm']).execute();
  await db.deleteFrom('lost_dogs').where('user_id', 'is', null).where('status', '=', 'found').execute();
  await db.updateTable('poison_warnings').set({ photo_url: null }).where('user_id', 'is', null).where('photo_url', 'is not', null).execute();
  await db.updateTable('lost_dogs').set({ photo_url: null }).where('user_id', 'is', null).where('photo_url', 'is not', null).execute();
}

export async function addParticipant(
  db: Db,
  v: { playdate_id: number; dog_id: number; user_id: number; share_heat: number; created_at: string },
): Promise<boolean> {
  const r = await db
    .insertInto('playdate_participants')
    .values(v)
    .onConflict((oc) => oc.columns(['playdate_id', 'dog_id']).doUpdateSet({ share_heat: v.share_heat }))
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeParticipant(db: Db, playdateId: number, dogId: number): Promise<boolean> {
  const r = await db.deleteFrom('playdate_participants').where('playdate_id', '=', playdateId).where('dog_id', '=', dogId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export function participantsOf(db: Db, playdateId: number) {
  return db
    .selectFrom('playdate_participants')
    .innerJoin('dogs', 'dogs.id', 'playdate_participants.dog_id')
    .select(['playdate_participants.dog_id', 'playdate_participants.user_id', 'playdate_participants.share_heat', 'dogs.name as dog_name', 'dogs.sex'])
    .where('playdate_participants.playdate_id', '=', playdateId)
    .orderBy('playdate_participants.created_at')
    .execute();
}

/** Playdates starting in [from, to) with the owners of their participating dogs (the reminder job). */
export function playdatesStartingBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('playdates')
    .innerJoin('playdate_participants', 'playdate_participants.playdate_id', 'playdates.id')
    .select(['playdates.id', 'playdates.title', 'playdates.starts_at', 'playdate_participants.user_id'])
    .distinct()
    .where('playdates.starts_at', '>=', from)
    .where('playdates.starts_at', '<', to)
    .orderBy('playdates.id')
    .limit(10_000)
    .execute();
}

const PLAYDATE_FEED_COLUMNS = [
  'playdates.id',
  'playdates.user_id',
  'playdates.title',
  'playdates.description',
  'playdates.starts_at',
  'playdates.place_name',
  'playdates.lat',
  'playdates.lon',
  'playdates.updated_at',
] as const;

/**
 * Playdates from `from` on that the user organises or joined with a dog, soonest first (the calendar feed). Joins
 * are found through playdate_participants.user_id, the one who signed the dog up. Two indexed reads, merged here:
 * one query with `user_id = ? or exists (…)` read every playdate since `from` (5 ms among 2,000 others').
 */
export async function playdatesOfUser(db: Db, userId: number, from: string, limit: number) {
  const [organised, joined] = await Promise.all([
    db.selectFrom('playdates').select(PLAYDATE_FEED_COLUMNS).where('user_id', '=', userId).where('starts_at', '>=', from).limit(limit).execute(),
    db
      .selectFrom('playdate_participants')
      .innerJoin('playdates', 'playdates.id', 'playdate_participants.playdate_id')
      .select(PLAYDATE_FEED_COLUMNS)
      .distinct()
      .where('playdate_participants.user_id', '=', userId)
      .where('playdates.starts_at', '>=', from)
      .limit(limit)
      .execute(),
  ]);
  const byId = new Map([...organised, ...joined].map((p) => [p.id, p]));
  return [...byId.values()].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id - b.id).slice(0, limit);
}

/** The dogs the user signed up for these playdates, with their names (a playdate's calendar entry names them). */
export function dogsUserJoined(db: Db, userId: number, playdateIds: readonly number[]) {
  if (playdateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('playdate_participants')
    .innerJoin('dogs', 'dogs.id', 'playdate_participants.dog_id')
    .select(['playdate_participants.playdate_id', 'dogs.name as dog_name'])
    .where('playdate_participants.user_id', '=', userId)
    .where('playdate_participants.playdate_id', 'in', [...playdateIds])
    .orderBy('playdate_participants.playdate_id')
    .orderBy('dogs.id')
    .execute();
}

/** The user's own events from `from` on, soonest first (the calendar feed). */
export function eventsOfUser(db: Db, userId: number, from: string, limit: number) {
  return db
    .selectFrom('events')
    .select(['id', 'title', 'description', 'starts_at', 'ends_at', 'place_name', 'lat', 'lon', 'updated_at'])
    .where('user_id', '=', userId)
    .where('starts_at', '>=', from)
    .orderBy('starts_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The user's walk slots with the dog's name where one is set (the calendar feed's weekly dates). */
export function walkSlotsOfUser(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('walk_slots')
    .leftJoin('dogs', 'dogs.id', 'walk_slots.dog_id')
    .select([
      'walk_slots.id',
      'walk_slots.weekday',
      'walk_slots.start_time',
      'walk_slots.end_time',
      'walk_slots.place_name',
      'walk_slots.lat',
      'walk_slots.lon',
      'walk_slots.created_at',
      'walk_slots.updated_at',
      'dogs.name as dog_name',
    ])
    .where('walk_slots.user_id', '=', userId)
    .orderBy('walk_slots.id')
    .limit(limit)
    .execute();
}

/**
 * The playdates a user organises that have not started yet, each with the other people whose dogs take part (the
 * notice that an account's deletion cancels them). Read before the deletion, which takes the playdates with it.
 */
export function upcomingPlaydatesWithGuestsOf(db: Db, organiserId: number, from: string) {
  return db
    .selectFrom('playdates')
    .innerJoin('playdate_participants', 'playdate_participants.playdate_id', 'playdates.id')
    .select(['playdates.id', 'playdates.title', 'playdates.starts_at', 'playdate_participants.user_id'])
    .distinct()
    .where('playdates.user_id', '=', organiserId)
    .where('playdates.starts_at', '>=', from)
    .where('playdate_participants.user_id', '!=', organiserId)
    .orderBy('playdates.id')
    .limit(10_000)
    .execute();
}
