import { addDays, daysBetween, germanDate } from '#core/clock.js';
import type { GrowthWarning } from './breeder.schemas.js';

export interface PuppySeries {
  puppy_id: number;
  label: string;
  /** In date order. */
  weights: { date: string; weight_g: number }[];
}

/** Over three days a puppy that gains less than half of what its siblings gain (median, in per cent) is flagged. */
const SLOW_SHARE = 0.5;
const WINDOW_DAYS = 3;
/** A loss counts against the puppy's previous weighing up to this many days before (litters are not weighed daily). */
const LOSS_WINDOW_DAYS = 3;
/** Grams as the breeder reads them: „180,5 g“ (weights have at most one decimal). Also the exports' format. */
export const grams = (g: number) => `${g.toLocaleString('de-DE', { maximumFractionDigits: 1 })} g`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface WindowGain {
  /** Per cent, negative for a puppy that got lighter. */
  percent: number;
  /** The days between the two weighings compared (3 to 7: litters are not weighed daily). */
  days: number;
}

/** The gain in per cent from the last weight on or before `day - 3` (not older than a week) to the weight on `day`. */
function gainOverWindow(p: PuppySeries, day: string): WindowGain | null {
  const now = p.weights.find((w) => w.date === day);
  const base = [...p.weights].reverse().find((w) => w.date <= addDays(day, -WINDOW_DAYS) && daysBetween(w.date, day) <= 7);
  if (!now || !base) return null;
  return { percent: ((now.weight_g - base.weight_g) / base.weight_g) * 100, days: daysBetween(base.date, day) };
}

/** „5 % zugenommen“, „3 % abgenommen“ or „nicht zugenommen“: a loss is never a negative gain. */
export function gainWords(percent: number): string {
  const rounded = Math.round(percent);
  if (rounded > 0) return `${rounded} % zugenommen`;
  if (rounded < 0) return `${-rounded} % abgenommen`;
  return 'nicht zugenommen';
}

/**
 * The warnings of a litter on its latest weighing day (older drops are history, not news): a puppy lighter than at
 * its previous weighing up to three days before ("lost"), and one that over three days gained less than half of its
 * siblings' median ("slow"). docs/areas/breeder.md has the rule.
 */
export function growthWarnings(litter: readonly PuppySeries[]): Map<number, GrowthWarning[]> {
  const warnings = new Map<number, GrowthWarning[]>(litter.map((p) => [p.puppy_id, []]));
  const day = litter
    .flatMap((p) => p.weights.map((w) => w.date))
    .sort()
    .at(-1);
  if (!day) return warnings;
  for (const p of litter) {
    const i = p.weights.findIndex((w) => w.date === day);
    const before = i > 0 ? p.weights[i - 1] : undefined;
    if (before && daysBetween(before.date, day) <= LOSS_WINDOW_DAYS && p.weights[i]!.weight_g < before.weight_g) {
      const lost = Math.round((before.weight_g - p.weights[i]!.weight_g) * 10) / 10;
      const since = daysBetween(before.date, day) === 1 ? 'seit gestern' : `seit dem ${germanDate(before.date)}`;
      warnings.get(p.puppy_id)!.push({
        kind: 'lost',
        date: day,
        message: `${p.label} hat ${since} ${grams(lost)} abgenommen. Behalte es im Blick und frag im Zweifel die Tierarztpraxis.`,
      });
    }
  }
  const gains = new Map(litter.map((p) => [p.puppy_id, gainOverWindow(p, day)]));
  for (const p of litter) {
    const own = gains.get(p.puppy_id);
    const siblings = litter
      .filter((s) => s.puppy_id !== p.puppy_id)
      .map((s) => gains.get(s.puppy_id)?.percent)
      .filter((g): g is number => g !== undefined);
    if (!own || siblings.length < 2) continue;
    const typical = median(siblings);
    if (typical > 0 && own.percent < typical * SLOW_SHARE) {
      warnings.get(p.puppy_id)!.push({
        kind: 'slow',
        date: day,
        message: `${p.label} hat in ${own.days} Tagen ${gainWords(own.percent)}, die Geschwister etwa ${Math.round(typical)} % (bis ${germanDate(day)}).`,
      });
    }
  }
  return warnings;
}
