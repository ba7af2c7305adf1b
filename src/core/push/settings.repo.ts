import type { Db } from '../db/index.js';
import { isNotificationKind, type NotificationKind } from './kinds.js';
import type { QuietHours } from './quiet-hours.js';

/** Safety alerts by mail: 'auto' sends them while the user has a home area and no push subscription. */
export type SafetyMailChoice = 'auto' | 'on' | 'off';

/** A user's notification preferences; users without a row get DEFAULT_SETTINGS. */
export interface NotificationPreferences {
  muted: ReadonlySet<NotificationKind>;
  quiet: QuietHours;
  safetyMail: SafetyMailChoice;
}

export const DEFAULT_QUIET: QuietHours = { enabled: true, start: '22:00', end: '07:00' };
export const DEFAULT_SETTINGS: NotificationPreferences = { muted: new Set(), quiet: DEFAULT_QUIET, safetyMail: 'auto' };

export function safetyMailChoiceOf(stored: string | null): SafetyMailChoice {
  return stored === 'on' || stored === 'off' ? stored : 'auto';
}

const PREFERENCE_COLUMNS = ['muted_kinds', 'quiet_hours', 'quiet_start', 'quiet_end', 'safety_mail'] as const;

function preferencesOf(row: {
  muted_kinds: string;
  quiet_hours: number;
  quiet_start: string;
  quiet_end: string;
  safety_mail: string | null;
}): NotificationPreferences {
  return {
    muted: new Set(row.muted_kinds.split(',').filter(isNotificationKind)),
    quiet: { enabled: row.quiet_hours === 1, start: row.quiet_start, end: row.quiet_end },
    safetyMail: safetyMailChoiceOf(row.safety_mail),
  };
}

export async function findPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const row = await db.selectFrom('notification_settings').select(PREFERENCE_COLUMNS).where('user_id', '=', userId).executeTakeFirst();
  return row ? preferencesOf(row) : DEFAULT_SETTINGS;
}

/** The preferences of several users in one query (DEFAULT_SETTINGS for those without a row). */
export async function findPreferencesOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, NotificationPreferences>> {
  const found = new Map<number, NotificationPreferences>(userIds.map((id) => [id, DEFAULT_SETTINGS]));
  if (userIds.length === 0) return found;
  const rows = await db
    .selectFrom('notification_settings')
    .select(['user_id', ...PREFERENCE_COLUMNS])
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const row of rows) found.set(row.user_id, preferencesOf(row));
  return found;
}

/** Stores the whole preference set (one row per user). */
export async function savePreferences(db: Db, userId: number, p: NotificationPreferences, now: string): Promise<void> {
  const values = {
    muted_kinds: [...p.muted].sort().join(','),
    quiet_hours: p.quiet.enabled ? 1 : 0,
    quiet_start: p.quiet.start,
    quiet_end: p.quiet.end,
    safety_mail: p.safetyMail === 'auto' ? null : p.safetyMail,
    updated_at: now,
  };
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Switches safety alerts by mail off (the one-click unsubscribe); true when it was not off already. */
export async function turnSafetyMailOff(db: Db, userId: number, now: string): Promise<boolean> {
  const current = await findPreferences(db, userId);
  if (current.safetyMail === 'off') return false;
  await savePreferences(db, userId, { ...current, safetyMail: 'off' }, now);
  return true;
}
