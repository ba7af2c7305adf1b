/** German formats: dates 21.11.2026, money 12,50 €. "A day" is a day in Berlin, like on the server. */
export const TIME_ZONE = 'Europe/Berlin';

const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const berlinDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const moneyFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const kgFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** A weight: `12,4 kg` (one formatter for all: `toLocaleString` with options builds a new one on every call). */
export const formatKg = (kg: number): string => `${kgFormat.format(kg)} kg`;
const monthFormat = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdayFormat = new Intl.DateTimeFormat('de-DE', { weekday: 'long', timeZone: 'UTC' });

/** `2026-11-21` → `21.11.2026` (a calendar date has no time zone: no Date object involved). */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : isoDate;
}

const berlinDateFormat = new Intl.DateTimeFormat('de-DE', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** The Berlin day of a UTC timestamp: 23:30 UTC on 20.11. is already `21.11.2026` in winter. */
export function formatDay(timestamp: string | null | undefined): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : berlinDateFormat.format(date);
}

/** A UTC timestamp shown in Berlin time: `21.11.2026, 14:05`. */
export function formatDateTime(timestamp: string | null | undefined): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : dateTimeFormat.format(date);
}

/** Integer cents → `12,50 €`. */
export function formatMoney(cents: number): string {
  return moneyFormat.format(cents / 100);
}

const francFormat = new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF' });

/** Integer cents in their currency: `12,50 €`, or `CHF 12.50` as the Swiss write it (issue 53). */
export function formatMoneyIn(cents: number, currency: string | null | undefined): string {
  return currency === 'CHF' ? francFormat.format(cents / 100) : formatMoney(cents);
}

/** "12,50" or "12.5" → 1250 cents; null when it is not a money amount. */
export function parseCents(text: string): number | null {
  const match = /^(-?)(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s|€/g, ''));
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Today's date in Berlin as YYYY-MM-DD (the default date of a new diary entry). */
export function todayInBerlin(now = new Date()): string {
  return berlinDayFormat.format(now);
}

/** `2026-11` → `November 2026`. */
export function formatMonth(month: string): string {
  const [year, mon] = month.split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(year ?? 1970, (mon ?? 1) - 1, 1)));
}

/** `2026-11-21` → `Samstag`. */
export function formatWeekday(isoDate: string): string {
  const [year, mon, day] = isoDate.split('-').map(Number);
  return weekdayFormat.format(new Date(Date.UTC(year ?? 1970, (mon ?? 1) - 1, day ?? 1)));
}

/** `2026-11` ± n months. */
export function shiftMonth(month: string, delta: number): string {
  const [year, mon] = month.split('-').map(Number);
  const index = (year ?? 1970) * 12 + (mon ?? 1) - 1 + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Age from a birth date, in German: `3 Jahre`, `7 Monate`. */
export function formatAge(birthDate: string | null | undefined, today = todayInBerlin()): string {
  if (!birthDate) return '';
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  if (!by || !bm || !bd || !ty || !tm || !td) return '';
  let months = (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0);
  if (months < 0) return '';
  if (months < 12) return months === 1 ? '1 Monat' : `${months} Monate`;
  months = Math.floor(months / 12);
  return months === 1 ? '1 Jahr' : `${months} Jahre`;
}

/** 1234567 bytes → `1,2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`;
}

/** Metres as kilometres with one decimal, German style: 2350 → "2,4 km". */
export function formatKm(metres: number): string {
  return `${(metres / 1000).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`;
}
