import type { AppContext } from '#core/context.js';
import { requireDogAccess, requireDogRecord, type DogNeed } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { notFound, unprocessable } from '#core/http/route/errors.js';
import type { Db } from '#core/db/index.js';
import { checkTrip, type CheckResult } from './trip-check.js';
import { countryName, DESTINATIONS } from './travel-rules.data.js';
import { deleteTrip, findTripWithOwner, insertTrip, travelFactsOf, tripsOfDog, updateTrip, type TravelFacts, type TripRow } from './trips.repo.js';
import type { CreateTripBody, Trip, UpdateTripBody } from './trips.schemas.js';

/**
 * Trips (decisions: Trips abroad): owner and caregivers read and change a dog's trips ('read' / 'write'); the
 * checks are recomputed on every read from the dog's records as they are now, so a new vaccination shows at once.
 */

const WORDING = { missing: 'Diese Reise gibt es nicht.', foreign: 'Diese Reise gehört zu einem fremden Hund.' };

/** Instants are stored in UTC (ISO), so they sort and compare as text on both engines. */
const utc = (iso: string | null | undefined) => (iso == null ? iso : new Date(iso).toISOString());

export function toTrip(row: TripRow, facts: TravelFacts, now: Date): Trip {
  const result: CheckResult = checkTrip(row, facts.dog, facts.rabies, now);
  return { ...row, country_name: countryName(row.country), ...result };
}

async function factsOf(db: Db, dogId: number): Promise<TravelFacts> {
  const facts = await travelFactsOf(db, dogId);
  if (!facts) throw notFound('Diesen Hund gibt es nicht.');
  return facts;
}

function checkTimes(r: { entry_at: string; return_at?: string | null; country: string }): void {
  if (r.return_at && Date.parse(r.return_at) < Date.parse(r.entry_at))
    throw unprocessable('Die Rückkehr liegt vor der Einreise.', { return_at: 'vor der Einreise' });
  if (countryName(r.country) === r.country && !DESTINATIONS.some((d) => d.code === r.country))
    throw unprocessable('Dieses Land kennen wir nicht.', { country: 'unbekannt' });
}

export async function createTrip(ctx: AppContext, actor: Actor, dogId: number, body: CreateTripBody): Promise<Trip> {
  await requireDogAccess(ctx.db, actor, dogId, 'write');
  checkTimes(body);
  const now = ctx.clock.now();
  const row = await insertTrip(ctx.db, {
    dog_id: dogId,
    country: body.country,
    entry_at: utc(body.entry_at)!,
    return_at: utc(body.return_at) ?? null,
    notes: body.notes ?? null,
    tapeworm_treated_at: utc(body.tapeworm_treated_at) ?? null,
    ahc_issued_on: body.ahc_issued_on ?? null,
    titer_sampled_on: body.titer_sampled_on ?? null,
    titer_result_iu_ml: body.titer_result_iu_ml ?? null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  return toTrip(row, await factsOf(ctx.db, dogId), now);
}

export async function listTrips(ctx: AppContext, actor: Actor, dogId: number): Promise<{ items: Trip[] }> {
  await requireDogAccess(ctx.db, actor, dogId, 'read');
  const [rows, facts] = await Promise.all([tripsOfDog(ctx.db, dogId), factsOf(ctx.db, dogId)]);
  const now = ctx.clock.now();
  return { items: rows.map((r) => toTrip(r, facts, now)) };
}

/** The route's early 403/404 (before the body is read). */
export const tripAccess = (ctx: AppContext, actor: Actor, id: number, need: DogNeed) => loadTrip(ctx, actor, id, need);

async function loadTrip(ctx: AppContext, actor: Actor, id: number, need: DogNeed) {
  const { access: _access, user_id: _owner, ...row } = await requireDogRecord(ctx.db, actor, await findTripWithOwner(ctx.db, id), need, WORDING);
  return row;
}

export async function getTrip(ctx: AppContext, actor: Actor, id: number): Promise<Trip> {
  const row = await loadTrip(ctx, actor, id, 'read');
  return toTrip(row, await factsOf(ctx.db, row.dog_id), ctx.clock.now());
}

/** The trip row with its dog's facts, for the travel sheet (read access). */
export async function tripWithFacts(ctx: AppContext, actor: Actor, id: number): Promise<{ trip: Trip; facts: TravelFacts }> {
  const row = await loadTrip(ctx, actor, id, 'read');
  const facts = await factsOf(ctx.db, row.dog_id);
  return { trip: toTrip(row, facts, ctx.clock.now()), facts };
}

export async function changeTrip(ctx: AppContext, actor: Actor, id: number, body: UpdateTripBody): Promise<Trip> {
  const old = await loadTrip(ctx, actor, id, 'write');
  checkTimes({ ...old, ...body });
  const values = {
    ...body,
    ...(body.entry_at ? { entry_at: utc(body.entry_at)! } : {}),
    ...('return_at' in body ? { return_at: utc(body.return_at) ?? null } : {}),
    ...('tapeworm_treated_at' in body ? { tapeworm_treated_at: utc(body.tapeworm_treated_at) ?? null } : {}),
    updated_at: ctx.clock.now().toISOString(),
  };
  const row = await updateTrip(ctx.db, id, values);
  if (!row) throw notFound(WORDING.missing);
  return toTrip(row, await factsOf(ctx.db, row.dog_id), ctx.clock.now());
}

export async function removeTrip(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await loadTrip(ctx, actor, id, 'write');
  await deleteTrip(ctx.db, id);
}

/** GET /api/travel/countries: the table's destinations with German names, sorted by name. */
export function travelCountries(): { items: { code: string; name: string; rules: string[] }[] } {
  return { items: DESTINATIONS.map((d) => ({ code: d.code, name: countryName(d.code), rules: d.rules })).sort((a, b) => a.name.localeCompare(b.name, 'de')) };
}
