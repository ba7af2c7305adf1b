import { DAY, dateInZone, startOfDay } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { boundingBox, nearest } from '#core/geo/index.js';
import { safetyMailActive, safetyMailChoiceOf, type NotificationKind } from '#core/push/index.js';
import { LOST_DOG_PUSH_KM } from './lost-dogs.js';
import { POISON_PUSH_KM } from './poison.js';
import {
  activeUsersByChannel,
  claimSafetyMail,
  markFannedOut,
  queueSafetyMails,
  safetyCandidatesInBox,
  safetyMailsIn,
  sentSince,
  setSafetyMailState,
  unfannedWarnings,
  warningForMail,
  type SafetyKind,
  type SafetyMailRow,
  type WarningForMail,
} from './safety-mail.repo.js';
import { alertMail, eveningMail, MAILS_PER_DAY } from './safety-mail.mails.js';

/**
 * Poison-bait and lost-dog warnings by mail (issue 37), for people whom push does not reach: the job (every minute,
 * one instance through the lease) works out the recipients of each new warning once, then sends; at most three
 * alert mails a day go out at once, further ones wait for one evening mail at 19:00.
 */

const RADIUS_KM: Record<SafetyKind, number> = { poison: POISON_PUSH_KM, lost: LOST_DOG_PUSH_KM };
const PUSH_KIND: Record<SafetyKind, NotificationKind> = { poison: 'poison_nearby', lost: 'lost_dog_nearby' };
/** Warnings older than this when the job first sees them (the app was down) are not mailed any more. */
const FRESH_FOR_MS = DAY;

interface Reached {
  userId: number;
  distanceKm: number;
  mail: boolean;
  push: boolean;
}

/** Everybody with a home area within the warning's radius (the reporter left out), and which way it reaches them. */
async function reachOf(ctx: AppContext, kind: SafetyKind, at: { lat: number; lon: number }, reporterId: number | null): Promise<Reached[]> {
  const radius = RADIUS_KM[kind];
  const candidates = await safetyCandidatesInBox(ctx.db, boundingBox(at, radius), reporterId);
  return nearest(candidates, at, radius).flatMap((u) => {
    if ((u.muted_kinds ?? '').split(',').includes(PUSH_KIND[kind])) return [];
    return [
      { userId: u.id, distanceKm: u.distance_km, push: u.push_devices > 0, mail: safetyMailActive(safetyMailChoiceOf(u.safety_mail), true, u.push_devices) },
    ];
  });
}

/**
 * About how many people a warning reaches by push or mail: rounded to tens, "up to 10" below that, so that the
 * reporter learns the reach and nothing about the people.
 */
export async function warningReach(ctx: AppContext, kind: SafetyKind, warning: { lat: number; lon: number; user_id: number | null }) {
  const reached = (await reachOf(ctx, kind, warning, warning.user_id)).filter((r) => r.push || r.mail).length;
  if (reached === 0) return { about: 0, at_most: false };
  if (reached < 10) return { about: 10, at_most: true };
  return { about: Math.round(reached / 10) * 10, at_most: false };
}

/** For the admin statistics: of the active users, how many have a home area, push, and safety mails on. */
export async function warningChannelCounts(ctx: AppContext) {
  const counts = { active_users: 0, home_area: 0, push: 0, mail: 0 };
  for (const g of await activeUsersByChannel(ctx.db)) {
    counts.active_users += g.n;
    if (g.home) counts.home_area += g.n;
    if (g.push) counts.push += g.n;
    if (safetyMailActive(safetyMailChoiceOf(g.safety_mail), g.home, g.push ? 1 : 0)) counts.mail += g.n;
  }
  return counts;
}

/** Queues one mail per recipient for every warning not fanned out yet; returns how many were queued. */
export async function fanOutSafetyMails(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - FRESH_FOR_MS).toISOString();
  let queued = 0;
  for (const w of await unfannedWarnings(ctx.db, since, 100)) {
    const rows = (await reachOf(ctx, w.kind, w, w.user_id))
      .filter((r) => r.mail)
      .map((r) => ({ user_id: r.userId, kind: w.kind, item_id: w.id, distance_km: r.distanceKm }));
    await queueSafetyMails(ctx.db, rows, now.toISOString());
    await markFannedOut(ctx.db, w.kind, w.id, now.toISOString());
    queued += rows.length;
  }
  return queued;
}

/** Rows a single run sends at most (a warning in a city reaches thousands; the next minute's run goes on). */
const SEND_PER_RUN = 20_000;

/** Sends the queued alert mails: up to three a day per person at once, the rest held for the evening mail. */
export async function sendQueuedSafetyMails(ctx: AppContext): Promise<number> {
  // The three-a-day count starts at midnight in the app's time zone.
  const today = startOfDay(dateInZone(ctx.clock.now(), ctx.config.timeZone), ctx.config.timeZone);
  const warnings = new Map<string, Promise<WarningForMail | undefined>>();
  const warningOf = (row: SafetyMailRow) => {
    const key = `${row.kind}:${row.item_id}`;
    if (!warnings.has(key)) warnings.set(key, warningForMail(ctx.db, row.kind, row.item_id));
    return warnings.get(key)!;
  };
  let sent = 0;
  for (let seen = 0; seen < SEND_PER_RUN;) {
    const rows = await safetyMailsIn(ctx.db, 'queued', 500);
    if (rows.length === 0) break;
    seen += rows.length;
    for (const row of rows) {
      if (!(await claimSafetyMail(ctx.db, row.id))) continue;
      const warning = await warningOf(row);
      if (!warning?.active) {
        await setSafetyMailState(ctx.db, [row.id], 'dropped', null);
        continue;
      }
      if ((await sentSince(ctx.db, row.user_id, today)) >= MAILS_PER_DAY) {
        await setSafetyMailState(ctx.db, [row.id], 'evening', null);
        continue;
      }
      await ctx.mail.enqueue(alertMail(ctx, row, warning));
      await setSafetyMailState(ctx.db, [row.id], 'sent', ctx.clock.now().toISOString());
      sent++;
    }
  }
  return sent;
}

/** The evening mail: everything held today (and still active), one mail per person. */
export async function sendEveningSafetyMails(ctx: AppContext): Promise<number> {
  const byUser = new Map<number, SafetyMailRow[]>();
  for (const row of await safetyMailsIn(ctx.db, 'evening', 5_000)) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  let sent = 0;
  for (const rows of byUser.values()) {
    const items: { row: SafetyMailRow; warning: WarningForMail }[] = [];
    for (const row of rows) {
      const warning = await warningForMail(ctx.db, row.kind, row.item_id);
      if (warning?.active) items.push({ row, warning });
    }
    const now = ctx.clock.now().toISOString();
    const gone = rows.filter((r) => !items.some((i) => i.row.id === r.id)).map((r) => r.id);
    await setSafetyMailState(ctx.db, gone, 'dropped', null);
    if (items.length === 0) continue;
    await ctx.mail.enqueue(eveningMail(ctx, rows[0]!, items));
    await setSafetyMailState(
      ctx.db,
      items.map((i) => i.row.id),
      'digested',
      now,
    );
    sent++;
  }
  return sent;
}
