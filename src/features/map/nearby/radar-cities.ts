import type { AppContext, Job } from '#core/context.js';
import { cityAt } from '../../dog-records/geocoding/index.js';
import { setWarningCity, warningsWithoutCity } from './radar.repo.js';

/**
 * A warning's town for the public figures (decisions, "Walk weather and hazards"): looked up once through
 * Nominatim (geocoding's `cityAt`, one request a second for the whole app), stored with the warning; the job fills
 * the warnings the lookup at creation could not (Nominatim away or busy, and every warning made before).
 */

/** „Bad Tölz“ → „bad-toelz“, „Frankfurt am Main“ → „frankfurt-am-main“: the German transliteration, then a-z0-9. */
export function citySlug(city: string): string {
  const t = city
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return t
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** Looks the town up and stores it; false when the lookup failed (the warning stays for the job). */
export async function fillCityOf(ctx: AppContext, warning: { id: number; lat: number; lon: number }, maxWaitMs = 1_500): Promise<boolean> {
  const found = await cityAt(ctx, warning.lat, warning.lon, { maxWaitMs });
  if (!found) return false;
  const slug = found.city ? citySlug(found.city) : '';
  await setWarningCity(ctx.db, warning.id, slug ? found.city : null, slug || null, ctx.clock.now().toISOString());
  return true;
}

/** Warnings a run looks up at most: at one request a second that is under two minutes (cached towns cost nothing). */
const PER_RUN = 100;
/** The job waits longer for its turn than a request does: it shares Nominatim with the diary's place names. */
const JOB_WAIT_MS = 5_000;

export const fillWarningCitiesJob: Job = {
  name: 'poison-warnings.cities',
  schedule: '*/10 * * * *',
  async run(ctx) {
    if (!ctx.config.upstream.nominatimUrl) return 0;
    let filled = 0;
    for (const w of await warningsWithoutCity(ctx.db, PER_RUN)) {
      // A failed lookup ends the run: Nominatim is away or refuses; the next run tries again.
      if (!(await fillCityOf(ctx, w, JOB_WAIT_MS))) break;
      filled++;
    }
    return filled;
  },
};
