import { z } from 'zod';
import { isStaff, type Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { lockRow } from '#core/db/row-lock.js';
import { conflict } from '#core/http/route/errors.js';
import { appUrlOf, findGeoItem, geoItemOf, toGeoItem, type GeoKind } from '#core/geo-items/index.js';
import { Position } from '#core/geo/index.js';
import { requiredText, LIMITS } from '#core/http/route/schema-kit.js';
import { countConfirmations, insertConfirmation, setWarningState } from './nearby.repo.js';
import { pushNearby } from './nearby-push.js';
import { fillCityOf } from './radar-cities.js';

/** Decisions, Community on the map: three other users confirm (or a moderator); 14 days after the last activity the 03:15 job archives. */
export const CONFIRMATIONS_NEEDED = 3;
export const ARCHIVE_AFTER_DAYS = 14;
export const POISON_PUSH_KM = 5;
/** The hazards of the radar: the poison-bait kinds and, since wave 4, algae, caterpillars, rat poison and glass. */
export const HAZARD_KINDS = ['poison', 'sharp_objects', 'blue_green_algae', 'processionary_moth', 'rat_poison', 'broken_glass', 'other'] as const;
export type HazardKind = (typeof HAZARD_KINDS)[number];
const KINDS = HAZARD_KINDS;
export const POISON_STATES = ['unconfirmed', 'confirmed', 'false_alarm', 'archived'] as const;

const Fields = z.strictObject({
  ...Position.shape,
  kind: z.enum(KINDS).meta({
    description:
      'poison (Giftköder), sharp_objects (Nadeln, Klingen), blue_green_algae (Blaualgen), processionary_moth (Eichenprozessionsspinner), rat_poison (Rattengift, Schneckenkorn), broken_glass (Scherben), other',
  }),
  description: requiredText(LIMITS.body).meta({ description: 'Was und wo genau' }),
});

export const POISON_KIND_DE: Record<HazardKind, string> = {
  poison: 'Giftköder',
  sharp_objects: 'Köder mit spitzen Gegenständen',
  blue_green_algae: 'Blaualgen',
  processionary_moth: 'Eichenprozessionsspinner',
  rat_poison: 'Rattengift oder Schneckenkorn',
  broken_glass: 'Scherben',
  other: 'Gefahr',
};

export const poisonWarnings: GeoKind = {
  path: 'poison-warnings',
  appPath: 'giftkoeder',
  table: 'poison_warnings',
  tag: 'Giftköder',
  names: { one: 'Giftköder-Warnung', many: 'Giftköder-Warnungen' },
  ...geoItemOf('PoisonWarning', {
    kind: z.enum(KINDS),
    description: z.string(),
    status: z.enum(POISON_STATES),
    confirmed_count: z.number().int(),
    last_activity_at: z.string(),
  }),
  createBody: Fields.meta({ id: 'CreatePoisonWarningBody' }),
  patchBody: Fields.pick({ description: true, kind: true }).partial().strict().meta({ id: 'UpdatePoisonWarningBody' }),
  wording: { missing: 'Diese Warnung gibt es nicht.', foreign: 'Diese Warnung hat jemand anderes gemeldet.' },
  hidden: { column: 'status', values: ['archived', 'false_alarm'] },
  createLimit: 'poisonReport',
  initial: (ctx) => ({ status: 'unconfirmed', confirmed_count: 0, last_activity_at: ctx.clock.now().toISOString() }),
  async afterCreate(ctx, actor, row) {
    const what = POISON_KIND_DE[row.kind as HazardKind] ?? 'Gefahr';
    await pushNearby(
      ctx,
      row,
      POISON_PUSH_KM,
      actor.id,
      'poison_nearby',
      { title: `⚠️ ${what} in deiner Nähe`, body: String(row.description).slice(0, 140), url: appUrlOf(poisonWarnings, row.id), tag: `poison-${row.id}` },
      `poison:${row.id}`,
    );
    // The town for the public figures: after the push, so a slow Nominatim never delays the warning.
    await fillCityOf(ctx, { id: row.id, lat: Number(row.lat), lon: Number(row.lon) });
  },
};

/**
 * A confirmation by another user (the reporter cannot confirm their own; each person once) or a moderator's
 * decision. Three distinct confirmations make it confirmed; a moderator confirms at once or marks a false alarm.
 * Every confirmation keeps the warning alive another 14 days.
 */
export async function confirmWarning(ctx: AppContext, actor: Actor, id: number) {
  const row = await findGeoItem(ctx, poisonWarnings, id);
  if (row.status === 'archived' || row.status === 'false_alarm') throw conflict('Diese Warnung ist nicht mehr aktiv.', 'not_active');
  if (row.user_id === actor.id) throw conflict('Deine eigene Meldung kannst du nicht bestätigen.', 'own_report');
  const now = ctx.clock.now().toISOString();
  // Counted and written under the warning row's lock: confirmations at once cannot write an older count over a
  // newer one (the third confirmation must leave the warning confirmed).
  await ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'poison_warnings', id);
    await insertConfirmation(trx, id, actor.id, now);
    const count = await countConfirmations(trx, id);
    const status = isStaff(actor) || count >= CONFIRMATIONS_NEEDED ? 'confirmed' : String(row.status);
    await setWarningState(trx, id, { status, confirmed_count: count, last_activity_at: now, updated_at: now });
  });
  return toGeoItem(poisonWarnings, await findGeoItem(ctx, poisonWarnings, id), actor);
}

export async function markFalseAlarm(ctx: AppContext, actor: Actor, id: number) {
  await findGeoItem(ctx, poisonWarnings, id);
  await setWarningState(ctx.db, id, { status: 'false_alarm', updated_at: ctx.clock.now().toISOString() });
  ctx.log.info({ warningId: id, by: actor.id }, 'poison warning marked as false alarm');
  return toGeoItem(poisonWarnings, await findGeoItem(ctx, poisonWarnings, id), actor);
}
