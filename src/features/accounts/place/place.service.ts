import type { Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { AppError } from '#core/http/route/errors.js';
import { regionAt } from '../../dog-records/geocoding/index.js';
import { clearManualPlace, findPlace, setManualPlace, setPlaceFromHomeArea, type PlaceRow } from './place.repo.js';
import type { LeashSeason, Place, SetPlaceBody } from './place.schemas.js';
import { ruleOf, withinSeason } from './regional-rules.js';
import { currencyOf, isCountry, REGION_NAMES, regionInCountry } from './regions.js';

/** The leash season of a region on a day, when the table has dates for it. */
export function leashSeasonOn(region: string | null, today: string): LeashSeason | null {
  const row = ruleOf(region, 'leash_season');
  if (!row?.from || !row.until) return null;
  return {
    from: row.from,
    until: row.until,
    active_today: withinSeason(today, row.from, row.until),
    rule: row.rule,
    source_url: row.source_url,
    as_of: row.as_of,
  };
}

export function toPlace(ctx: AppContext, row: PlaceRow | undefined): Place {
  const country = isCountry(row?.country) ? row.country : null;
  const region = row?.region && row.region in REGION_NAMES ? row.region : null;
  return {
    country,
    region,
    region_name: region ? (REGION_NAMES[region] ?? null) : null,
    currency: currencyOf(country),
    manual: row?.manual ? 1 : 0,
    leash_season: leashSeasonOn(region, dateInZone(ctx.clock.now(), ctx.config.timeZone)),
  };
}

export async function getPlace(ctx: AppContext, actor: Actor): Promise<Place> {
  return toPlace(ctx, await findPlace(ctx.db, actor.id));
}

/** The place of any user (a dog's owner), for other areas: duties, expenses. */
export async function placeOfUser(ctx: AppContext, userId: number): Promise<Place> {
  return toPlace(ctx, await findPlace(ctx.db, userId));
}

export async function setPlace(ctx: AppContext, actor: Actor, body: SetPlaceBody): Promise<Place> {
  if (body.region !== null && !regionInCountry(body.region, body.country))
    throw new AppError(422, 'validation_error', 'Diese Region gehört nicht zum gewählten Land.', { region: 'Wähle eine Region im gewählten Land.' });
  await setManualPlace(ctx.db, actor.id, body.country, body.region, ctx.clock.now().toISOString());
  return getPlace(ctx, actor);
}

/** Back to the home area: the hand-set mark goes and the place is asked again for the saved home area. */
export async function followHomeArea(ctx: AppContext, actor: Actor): Promise<Place> {
  await clearManualPlace(ctx.db, actor.id, ctx.clock.now().toISOString());
  await placeFromHomeArea(ctx, actor.id, actor.lat, actor.lon);
  return getPlace(ctx, actor);
}

/**
 * After a home area was saved (profile): country and region from reverse geocoding, unless set by hand. A home
 * area outside DE/AT/CH stores the country code it got and no region; a failed lookup changes nothing. Removing the
 * home area clears an automatic place.
 */
export async function placeFromHomeArea(ctx: AppContext, userId: number, lat: number | null, lon: number | null): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const existing = await findPlace(ctx.db, userId);
  if (existing?.manual) return;
  if (lat === null || lon === null) {
    if (existing) await setPlaceFromHomeArea(ctx.db, userId, null, null, now);
    return;
  }
  const found = await regionAt(ctx, lat, lon);
  if (!found) return;
  const country = found.country && isCountry(found.country) ? found.country : null;
  const region = country && found.region && regionInCountry(found.region, country) ? found.region : null;
  await setPlaceFromHomeArea(ctx.db, userId, country, region, now);
}
