import { dateInZone, startOfDay } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { HAZARD_KINDS, POISON_KIND_DE, type HazardKind } from './poison.js';
import { citiesWithWarnings, warningsOfCity } from './radar.repo.js';

/**
 * The public poison-bait figures (decisions, "Walk weather and hazards"): per town and month of the last 12, how
 * many warnings of each kind were reported and how many of those were confirmed. False alarms are not counted (a
 * moderator found nothing). A town with fewer than MIN_WARNINGS warnings is not shown: a single report would point
 * at one street and one reporter.
 */
export const MIN_WARNINGS = 3;
const MONTHS = 12;

const MONTH_DE = ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];

/** The last 12 calendar months (YYYY-MM) in the app's zone, oldest first, and the instant the first one began. */
export function lastMonths(ctx: AppContext): { months: string[]; since: string } {
  const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  const months: string[] = [];
  for (let i = 0; i < MONTHS; i++) {
    months.unshift(`${y}-${String(m).padStart(2, '0')}`);
    if (--m === 0) [y, m] = [y - 1, 12];
  }
  return { months, since: startOfDay(`${months[0]}-01`, ctx.config.timeZone) };
}

export const monthLabel = (month: string) => `${MONTH_DE[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

export async function radarCities(ctx: AppContext) {
  const { since } = lastMonths(ctx);
  return citiesWithWarnings(ctx.db, since, MIN_WARNINGS);
}

export interface MonthFigures {
  month: string;
  label: string;
  reported: number;
  confirmed: number;
  byKind: Record<HazardKind, { reported: number; confirmed: number }>;
}

const emptyKinds = () => Object.fromEntries(HAZARD_KINDS.map((k) => [k, { reported: 0, confirmed: 0 }])) as MonthFigures['byKind'];

/** A town's figures, or undefined when it is unknown or under the threshold (its page is 404 then). */
export async function cityFigures(ctx: AppContext, slug: string) {
  const { months, since } = lastMonths(ctx);
  const rows = await warningsOfCity(ctx.db, slug, since);
  if (rows.length < MIN_WARNINGS) return undefined;
  const byMonth = new Map(months.map((month) => [month, { month, label: monthLabel(month), reported: 0, confirmed: 0, byKind: emptyKinds() } as MonthFigures]));
  for (const row of rows) {
    const figures = byMonth.get(dateInZone(new Date(row.created_at), ctx.config.timeZone).slice(0, 7));
    if (!figures) continue;
    const kind = figures.byKind[row.kind as HazardKind] ?? figures.byKind.other;
    figures.reported++;
    kind.reported++;
    if (row.confirmed_at) {
      figures.confirmed++;
      kind.confirmed++;
    }
  }
  const list = [...byMonth.values()];
  const total = { reported: rows.length, confirmed: rows.filter((r) => r.confirmed_at).length };
  // Only the kinds that occur get a column (seven empty columns on a phone say nothing).
  const kinds = HAZARD_KINDS.filter((k) => list.some((m) => m.byKind[k].reported > 0)).map((k) => ({ key: k, label: POISON_KIND_DE[k] }));
  return { city: rows[0]!.city, slug, months: list, total, kinds, chart: chartOf(list) };
}

/**
 * The monthly chart as plain numbers for an inline SVG (views/giftkoeder-radar/city.ejs): one bar per month for the
 * reported warnings and a darker one inside it for the confirmed ones, on a scale of whole warnings.
 */
function chartOf(months: MonthFigures[]) {
  const width = 360;
  const height = 160;
  const base = 130;
  const top = 12;
  const slot = width / months.length;
  const max = Math.max(1, ...months.map((m) => m.reported));
  const h = (n: number) => Math.round(((base - top) * n) / max);
  return {
    width,
    height,
    base,
    max,
    bars: months.map((m, i) => ({
      x: Math.round(i * slot + slot * 0.15),
      w: Math.round(slot * 0.7),
      reported: { y: base - h(m.reported), h: h(m.reported) },
      confirmed: { y: base - h(m.confirmed), h: h(m.confirmed) },
      label: MONTH_DE[Number(m.month.slice(5, 7)) - 1]!,
      title: `${m.label}: ${m.reported} gemeldet, ${m.confirmed} bestätigt`,
      cx: Math.round(i * slot + slot / 2),
    })),
  };
}
