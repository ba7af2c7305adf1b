import { z } from 'zod';
import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { dateInZone, germanDate, HOUR } from '#core/clock.js';
import type { AccountDeletionNotice, AppContext } from '#core/context.js';
import { lockRow } from '#core/db/row-lock.js';
import { appUrlOf, findGeoItem, geoItemOf, toGeoItem, type GeoKind } from '#core/geo-items/index.js';
import { Position } from '#core/geo/index.js';
import { conflict, notFound } from '#core/http/route/errors.js';
import { LIMITS, optionalText, patchOf, requiredText } from '#core/http/route/schema-kit.js';
import { inHeat } from '../../dog-records/heat/index.js';
import { notify } from '../../accounts/notifications/index.js';
import { addParticipant, participantsOf, removeParticipant, upcomingPlaydatesWithGuestsOf } from './nearby.repo.js';
import { notPast } from './listings.js';

const Fields = z.strictObject({
  ...Position.shape,
  title: requiredText(LIMITS.title),
  description: optionalText(LIMITS.body),
  starts_at: z.iso.datetime({ offset: true }).meta({ description: 'Beginn (ISO 8601), nicht in der Vergangenheit' }),
  place_name: optionalText(LIMITS.title),
  max_dogs: z.number().int().min(2).max(50).nullable().optional(),
});

export const playdates: GeoKind = {
  path: 'playdates',
  appPath: 'treffen',
  table: 'playdates',
  tag: 'Spieltreffen',
  names: { one: 'Spieltreffen', many: 'Spieltreffen' },
  ...geoItemOf('Playdate', {
    title: z.string(),
    description: z.string().nullable(),
    starts_at: z.string(),
    place_name: z.string().nullable(),
    max_dogs: z.number().int().nullable(),
  }),
  createBody: Fields.meta({ id: 'CreatePlaydateBody' }),
  patchBody: patchOf(Fields, 'UpdatePlaydateBody'),
  wording: { missing: 'Dieses Spieltreffen gibt es nicht.', foreign: 'Dieses Spieltreffen hat jemand anderes angelegt.' },
  check(ctx, _actor, r) {
    notPast(ctx, r, 'starts_at', 'Das Treffen liegt in der Vergangenheit.');
  },
};

export const ParticipantBody = z
  .strictObject({ dog_id: z.number().int().min(1), share_heat: z.boolean().default(false) })
  .meta({ id: 'PlaydateParticipantBody' });
export const Participant = z
  .object({
    dog_id: z.number().int(),
    dog_name: z.string(),
    mine: z.boolean(),
    in_heat: z.boolean().nullable().meta({ description: 'Nur wenn die Halterin oder der Halter es teilt; sonst null' }),
  })
  .meta({ id: 'PlaydateParticipant' });
export const PlaydateDetail = playdates.item.extend({ participants: z.array(Participant) }).meta({ id: 'PlaydateDetail' });

/** The playdate with its dogs; a female dog's heat shows only where its owner chose to share it. */
playdates.detail = { schema: PlaydateDetail, load: (ctx, actor, id) => playdateDetail(ctx, actor, id) };

export async function playdateDetail(ctx: AppContext, actor: Actor, id: number) {
  const row = await findGeoItem(ctx, playdates, id);
  const people = await participantsOf(ctx.db, id);
  const heat = await inHeat(
    ctx.db,
    people.filter((p) => p.share_heat === 1 && p.sex === 'female').map((p) => p.dog_id),
    dateInZone(ctx.clock.now(), ctx.config.timeZone),
  );
  return {
    ...toGeoItem(playdates, row, actor),
    participants: people.map((p) => ({
      dog_id: p.dog_id,
      dog_name: p.dog_name,
      mine: p.user_id === actor.id,
      in_heat: p.share_heat === 1 && p.sex === 'female' ? heat.has(p.dog_id) : null,
    })),
  };
}

/** One's own dog joins (a second join updates the heat choice); full → 409; the organiser hears about it. */
export async function join(ctx: AppContext, actor: Actor, id: number, body: { dog_id: number; share_heat: boolean }) {
  const row = await findGeoItem(ctx, playdates, id);
  if (Date.parse(String(row.starts_at)) < ctx.clock.now().getTime()) throw conflict('Das Treffen hat schon stattgefunden.', 'playdate_past');
  await requireDogAccess(ctx.db, actor, body.dog_id, 'manage');
  // Counted and joined under the playdate row's lock: dogs joining at once cannot pass max_dogs.
  const already = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, 'playdates', id))) throw notFound('Dieses Treffen gibt es nicht.');
    const people = await participantsOf(trx, id);
    const rejoin = people.some((p) => p.dog_id === body.dog_id);
    if (!rejoin && row.max_dogs !== null && people.length >= Number(row.max_dogs)) throw conflict('Das Treffen ist voll.', 'playdate_full');
    await addParticipant(trx, {
      playdate_id: id,
      dog_id: body.dog_id,
      user_id: actor.id,
      share_heat: body.share_heat ? 1 : 0,
      created_at: ctx.clock.now().toISOString(),
    });
    return rejoin;
  });
  if (!already && row.user_id !== null && row.user_id !== actor.id) {
    await notify(ctx, row.user_id, 'playdate', {
      title: `Neue Zusage: ${String(row.title)}`,
      body: `${actor.name} kommt mit Hund.`,
      url: appUrlOf(playdates, id),
      tag: `playdate-${id}`,
    });
  }
  return playdateDetail(ctx, actor, id);
}

export async function leave(ctx: AppContext, actor: Actor, id: number, dogId: number) {
  await findGeoItem(ctx, playdates, id);
  await requireDogAccess(ctx.db, actor, dogId, 'manage');
  if (!(await removeParticipant(ctx.db, id, dogId))) throw notFound('Dieser Hund nimmt nicht teil.');
}

/**
 * Deleting an account takes its playdates with it (ON DELETE CASCADE): the people whose dogs were to come hear that
 * the playdate is cancelled (decisions: What users tripped over), once per playdate and person, after the commit.
 */
export const playdatesAccountDeletion =
  (ctx: AppContext): AccountDeletionNotice =>
  async (trx, userId) => {
    const now = ctx.clock.now().getTime();
    // A start may be stored with its offset, so the day before is asked for and the instant compared here.
    const rows = (await upcomingPlaydatesWithGuestsOf(trx, userId, new Date(now - 24 * HOUR).toISOString())).filter((r) => Date.parse(r.starts_at) >= now);
    return async () => {
      const time = new Intl.DateTimeFormat('de-DE', { timeZone: ctx.config.timeZone, hour: '2-digit', minute: '2-digit' });
      for (const r of rows) {
        const start = new Date(r.starts_at);
        await notify(
          ctx,
          r.user_id,
          'playdate',
          {
            title: `Abgesagt: ${r.title}`,
            body: `Das Spieltreffen am ${germanDate(dateInZone(start, ctx.config.timeZone))} um ${time.format(start)} Uhr fällt aus: Wer es angelegt hat, hat das Konto gelöscht.`,
            url: '/app/karte',
            tag: `playdate-${r.id}`,
          },
          { dedupeKey: `playdate-cancelled:${r.id}:u${r.user_id}` },
        );
      }
    };
  };
