import { createHmac, timingSafeEqual } from 'node:crypto';
import { DAY, dateInZone, startOfDay, wallClockIn } from '../../../core/clock.js';
import type { AppContext, Job } from '../../../core/context.js';
import { boundingBox, nearest } from '../../../core/geo/index.js';
import { safetyMailActive, safetyMailChoiceOf, type NotificationKind } from '../../../core/push/index.js';
import { LOST_DOG_PUSH_KM } from './lost-dogs.js';
import { POISON_KIND_DE, POISON_PUSH_KM } from './poison.js';
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

/**
 * Poison-bait and lost-dog warnings by mail (issue 37), for people whom push does not reach: the job (every minute,
 * one instance through the lease) works out the recipients of each new warning once, then sends; at most three
 * alert mails a day go out at once, further ones wait for one evening mail at 19:00.
 */

export const MAILS_PER_DAY = 3;
const RADIUS_KM: Record<SafetyKind, number> = { poison: POISON_PUSH_KM, lost: LOST_DOG_PUSH_KM };
const PUSH_KIND: Record<SafetyKind, NotificationKind> = { poison: 'poison_nearby', lost: 'lost_dog_nearby' };
const APP_PATH: Record<SafetyKind, string> = { poison: 'giftkoeder', lost: 'vermisst' };
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

// ---- One-click unsubscribe (RFC 8058): a signed link that needs no login ----

const unsubscribeKey = (ctx: AppContext) => createHmac('sha256', ctx.config.auth.jwtSecret).update('pfotenbuch safety-mail unsubscribe v1').digest();

export function unsubscribeToken(ctx: AppContext, userId: number): string {
  return createHmac('sha256', unsubscribeKey(ctx)).update(String(userId)).digest('base64url');
}

export function validUnsubscribeToken(ctx: AppContext, userId: number, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(ctx, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(ctx: AppContext, userId: number): string {
  return `${ctx.config.publicUrl}/api/safety-mail/unsubscribe?u=${userId}&t=${unsubscribeToken(ctx, userId)}`;
}

// ---- The mails (German, du-form) ----

const km = (n: number) => `${n.toLocaleString('de-DE', { maximumFractionDigits: 1 })} km`;

function whenOf(ctx: AppContext, iso: string): string {
  const w = wallClockIn(new Date(iso), ctx.config.timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `am ${pad(w.day)}.${pad(w.month)}. um ${pad(w.hour)}:${pad(w.minute)} Uhr`;
}

function headline(kind: SafetyKind, warning: WarningForMail): string {
  return kind === 'poison' ? (POISON_KIND_DE[warning.title as keyof typeof POISON_KIND_DE] ?? 'Gefahr') : `Hund vermisst: ${warning.title}`;
}

function describe(ctx: AppContext, row: SafetyMailRow, warning: WarningForMail): string {
  const what = row.kind === 'poison' ? `${headline('poison', warning)} gemeldet` : `der Hund „${warning.title}“ als vermisst gemeldet`;
  return [
    `In der Nähe deines Heimatgebiets wurde ${what} – etwa ${km(row.distance_km)} entfernt, ${whenOf(ctx, warning.created_at)}.`,
    '',
    `„${warning.description.length > 300 ? `${warning.description.slice(0, 299)}…` : warning.description}“`,
    '',
    `Auf der Karte ansehen: ${ctx.config.publicUrl}/app/${APP_PATH[row.kind]}/${warning.id}`,
    `(Ort ungefähr: ${warning.lat.toFixed(3)}, ${warning.lon.toFixed(3)})`,
  ].join('\n');
}

function footer(ctx: AppContext, userId: number): string {
  return [
    '',
    '–',
    `Du bekommst diese Mail, weil Warnungen per Mail für dich an sind (höchstens ${MAILS_PER_DAY} am Tag, weitere sammeln wir in einer Mail am Abend).`,
    `Abbestellen: ${unsubscribeUrl(ctx, userId)}`,
    `Einstellungen: ${ctx.config.publicUrl}/app/benachrichtigungen/einstellungen`,
  ].join('\n');
}

function listHeaders(ctx: AppContext, userId: number): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl(ctx, userId)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function alertMail(ctx: AppContext, row: SafetyMailRow, warning: WarningForMail) {
  const subject =
    row.kind === 'poison'
      ? `⚠️ ${headline('poison', warning)} in deiner Nähe (${km(row.distance_km)})`
      : `🐕 ${headline('lost', warning)} (${km(row.distance_km)} entfernt)`;
  const text = [`Hallo ${row.name},`, '', describe(ctx, row, warning), '', 'Pass gut auf deinen Hund auf!', footer(ctx, row.user_id)].join('\n');
  return { to: row.email, subject, text, headers: listHeaders(ctx, row.user_id) };
}

function eveningMail(ctx: AppContext, first: SafetyMailRow, items: { row: SafetyMailRow; warning: WarningForMail }[]) {
  const subject = items.length === 1 ? 'Heute noch eine Warnung in deiner Nähe' : `Heute noch ${items.length} Warnungen in deiner Nähe`;
  const parts = items.map((i, n) => `${n + 1}. ${headline(i.row.kind, i.warning)}\n${describe(ctx, i.row, i.warning)}`);
  const text = [
    `Hallo ${first.name},`,
    '',
    `heute kamen mehr Warnungen in deiner Nähe zusammen, als wir einzeln schicken (${MAILS_PER_DAY} am Tag). Hier sind die übrigen:`,
    '',
    parts.join('\n\n'),
    footer(ctx, first.user_id),
  ].join('\n');
  return { to: first.email, subject, text, headers: listHeaders(ctx, first.user_id) };
}

// ---- The jobs ----

/** Every minute: recipients of new warnings, then the mails (within a minute of the warning). */
export const safetyMailSendJob: Job = {
  name: 'safety.mail-send',
  schedule: '* * * * *',
  run: async (ctx) => {
    await fanOutSafetyMails(ctx);
    return sendQueuedSafetyMails(ctx);
  },
};

/** 19:00: one mail per person with the warnings held after the day's first three. */
export const safetyMailEveningJob: Job = {
  name: 'safety.mail-evening',
  schedule: '0 19 * * *',
  run: sendEveningSafetyMails,
};
