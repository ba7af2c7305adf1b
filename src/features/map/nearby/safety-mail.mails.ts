import { wallClockIn } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { POISON_KIND_DE } from './poison.js';
import type { SafetyKind, SafetyMailRow, WarningForMail } from './safety-mail.repo.js';
import { unsubscribeUrl } from './safety-mail.unsubscribe.js';

/** The safety mails' texts (German, du-form): one alert, and the evening mail with what was held back. */

/** Alert mails a person gets at once per day; further ones wait for the evening mail. */
export const MAILS_PER_DAY = 3;
const APP_PATH: Record<SafetyKind, string> = { poison: 'giftkoeder', lost: 'vermisst' };

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

export function alertMail(ctx: AppContext, row: SafetyMailRow, warning: WarningForMail) {
  const subject =
    row.kind === 'poison'
      ? `⚠️ ${headline('poison', warning)} in deiner Nähe (${km(row.distance_km)})`
      : `🐕 ${headline('lost', warning)} (${km(row.distance_km)} entfernt)`;
  const text = [`Hallo ${row.name},`, '', describe(ctx, row, warning), '', 'Pass gut auf deinen Hund auf!', footer(ctx, row.user_id)].join('\n');
  return { to: row.email, subject, text, headers: listHeaders(ctx, row.user_id) };
}

export function eveningMail(ctx: AppContext, first: SafetyMailRow, items: { row: SafetyMailRow; warning: WarningForMail }[]) {
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
