import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';
import { whereInBox } from '#core/db/geo-box.js';
import type { BoundingBox } from '#core/geo/index.js';

/** Safety alerts by mail (issue 37): who gets one, the one row per user and warning, and its state. */

export type SafetyKind = 'poison' | 'lost';

export interface FreshWarning {
  kind: SafetyKind;
  id: number;
  user_id: number | null;
  lat: number;
  lon: number;
}

/** Warnings created since `since` whose mail recipients were not worked out yet (still active). */
export async function unfannedWarnings(db: Db, since: string, limit: number): Promise<FreshWarning[]> {
  const poison = await db
    .selectFrom('poison_warnings as w')
    .leftJoin('safety_mail_fanouts as f', (j) => j.on('f.kind', '=', 'poison').onRef('f.item_id', '=', 'w.id'))
    .select(['w.id', 'w.user_id', 'w.lat', 'w.lon'])
    .where('f.item_id', 'is', null)
    .where('w.created_at', '>=', since)
    .where('w.status', 'in', ['unconfirmed', 'confirmed'])
    .orderBy('w.id')
    .limit(limit)
    .execute();
  const lost = await db
    .selectFrom('lost_dogs as w')
    .leftJoin('safety_mail_fanouts as f', (j) => j.on('f.kind', '=', 'lost').onRef('f.item_id', '=', 'w.id'))
    .select(['w.id', 'w.user_id', 'w.lat', 'w.lon'])
    .where('f.item_id', 'is', null)
    .where('w.created_at', '>=', since)
    .where('w.status', '=', 'lost')
    .orderBy('w.id')
    .limit(limit)
    .execute();
  return [...poison.map((w) => ({ ...w, kind: 'poison' as const })), ...lost.map((w) => ({ ...w, kind: 'lost' as const }))];
}

export interface SafetyCandidate {
  id: number;
  lat: number;
  lon: number;
  safety_mail: string | null;
  muted_kinds: string | null;
  push_devices: number;
}

/**
 * Active users with a home area in the box, with what decides their channels: the mail choice, the muted kinds and
 * how many push subscriptions they have.
 */
export async function safetyCandidatesInBox(db: Db, box: BoundingBox, exceptUserId: number | null): Promise<SafetyCandidate[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('notification_settings as s', 's.user_id', 'u.id')
    .select((eb) => [
      'u.id',
      'u.lat',
      'u.lon',
      's.safety_mail',
      's.muted_kinds',
      eb
        .selectFrom('push_subscriptions as p')
        .whereRef('p.user_id', '=', 'u.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('push_devices'),
    ])
    .where((eb) => whereInBox(eb, box, 'u.lat', 'u.lon'))
    .where('u.status', '=', 'active')
    .where('u.id', '<>', exceptUserId ?? 0)
    .limit(20_000)
    .execute();
  return rows
    .filter((u): u is typeof u & { lat: number; lon: number } => u.lat !== null && u.lon !== null)
    .map((u) => ({ ...u, push_devices: Number(u.push_devices ?? 0) }));
}

/** One row per user and warning: a second fan-out (another instance, a rerun) adds nothing. */
export async function queueSafetyMails(db: Db, rows: { user_id: number; kind: SafetyKind; item_id: number; distance_km: number }[], now: string) {
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500).map((r) => ({ ...r, created_at: now }));
    await db
      .insertInto('safety_mails')
      .values(batch)
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doNothing())
      .execute();
  }
}

export async function markFannedOut(db: Db, kind: SafetyKind, itemId: number, now: string): Promise<void> {
  await db
    .insertInto('safety_mail_fanouts')
    .values({ kind, item_id: itemId, done_at: now })
    .onConflict((oc) => oc.columns(['kind', 'item_id']).doNothing())
    .execute();
}

export interface SafetyMailRow {
  id: number;
  user_id: number;
  kind: SafetyKind;
  item_id: number;
  distance_km: number;
  email: string;
  name: string;
}

const mailColumns = ['m.id', 'm.user_id', 'm.kind', 'm.item_id', 'm.distance_km', 'u.email', 'u.name'] as const;

export async function safetyMailsIn(db: Db, state: 'queued' | 'evening', limit: number): Promise<SafetyMailRow[]> {
  const rows = await db
    .selectFrom('safety_mails as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(mailColumns)
    .where('m.state', '=', state)
    .where('u.status', '=', 'active')
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, kind: r.kind as SafetyKind }));
}

/** Alert mails this user got since `since` (the start of the day in Berlin): at most three a day go out at once. */
export function sentSince(db: Db, userId: number, since: string): Promise<number> {
  return countOf(db.selectFrom('safety_mails').where('user_id', '=', userId).where('state', '=', 'sent').where('sent_at', '>=', since));
}

/** Takes a queued row for sending: only one sender (of any instance) gets it. */
export async function claimSafetyMail(db: Db, id: number): Promise<boolean> {
  const r = await db.updateTable('safety_mails').set({ state: 'sending' }).where('id', '=', id).where('state', '=', 'queued').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setSafetyMailState(db: Db, ids: number[], state: 'sent' | 'evening' | 'digested' | 'dropped', sentAt: string | null): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('safety_mails').set({ state, sent_at: sentAt }).where('id', 'in', ids).execute();
}

export interface WarningForMail {
  id: number;
  lat: number;
  lon: number;
  created_at: string;
  title: string;
  description: string;
  active: boolean;
}

export async function warningForMail(db: Db, kind: SafetyKind, id: number): Promise<WarningForMail | undefined> {
  if (kind === 'poison') {
    const w = await db
      .selectFrom('poison_warnings')
      .select(['id', 'lat', 'lon', 'created_at', 'kind', 'description', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    return w && { ...w, title: w.kind, active: w.status === 'unconfirmed' || w.status === 'confirmed' };
  }
  const d = await db
    .selectFrom('lost_dogs')
    .select(['id', 'lat', 'lon', 'created_at', 'name', 'description', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  return d && { ...d, title: d.name, active: d.status === 'lost' };
}

/** Active users by how warnings can reach them: home area or not, their mail choice, push or not (for the admin). */
export async function activeUsersByChannel(db: Db) {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('notification_settings as s', 's.user_id', 'u.id')
    .select((eb) => [
      eb.case().when('u.lat', 'is', null).then(0).else(1).end().as('home'),
      's.safety_mail',
      eb
        .case()
        .when(eb.exists(eb.selectFrom('push_subscriptions as p').whereRef('p.user_id', '=', 'u.id').select('p.id')))
        .then(1)
        .else(0)
        .end()
        .as('push'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('u.status', '=', 'active')
    .groupBy(['home', 's.safety_mail', 'push'])
    .execute();
  return rows.map((r) => ({ home: Number(r.home) === 1, safety_mail: r.safety_mail, push: Number(r.push) === 1, n: Number(r.n) }));
}
