import { z } from 'zod';
import { requireDogAccess } from '#core/auth/ownership.js';
import type { AppContext } from '#core/context.js';
import { appUrlOf, geoItemOf, type GeoKind } from '#core/geo-items/index.js';
import { Position } from '#core/geo/index.js';
import { badRequest } from '#core/http/route/errors.js';
import { Id, LIMITS, optionalText, requiredText } from '#core/http/route/schema-kit.js';
import { pushNearby } from './nearby-push.js';

export const LOST_DOG_PUSH_KM = 10;
const STATUSES = ['lost', 'found'] as const;

const Fields = z.strictObject({
  ...Position.shape,
  name: requiredText(LIMITS.dogName),
  description: requiredText(LIMITS.body).meta({ description: 'Aussehen, Halsband, Verhalten (scheu?)' }),
  last_seen_at: z.iso.datetime({ offset: true }).meta({ description: 'Zuletzt gesehen (ISO 8601)' }),
  dog_id: Id.nullable().optional().meta({ description: 'Einer deiner Hunde (optional)' }),
  contact: optionalText(LIMITS.title).meta({ description: 'Wie man dich erreicht (Telefon); erscheint öffentlich auf dem Aushang' }),
});

const checkLastSeen = (ctx: AppContext, r: Record<string, unknown>) => {
  if (typeof r.last_seen_at === 'string' && Date.parse(r.last_seen_at) > ctx.clock.now().getTime() + 60_000)
    throw badRequest('„Zuletzt gesehen“ liegt in der Zukunft.', { last_seen_at: 'Das liegt in der Zukunft.' });
};

export const lostDogs: GeoKind = {
  path: 'lost-dogs',
  appPath: 'vermisst',
  table: 'lost_dogs',
  tag: 'Vermisste Hunde',
  names: { one: 'Vermisstenmeldung', many: 'Vermisste Hunde' },
  ...geoItemOf('LostDog', {
    name: z.string(),
    description: z.string(),
    last_seen_at: z.string(),
    dog_id: z.number().int().nullable(),
    contact: z.string().nullable(),
    status: z.enum(STATUSES),
    found_at: z.string().nullable(),
  }),
  createBody: Fields.meta({ id: 'CreateLostDogBody' }),
  patchBody: Fields.omit({ dog_id: true })
    .extend({ status: z.enum(STATUSES) })
    .partial()
    .strict()
    .meta({ id: 'UpdateLostDogBody' }),
  wording: { missing: 'Diese Vermisstenmeldung gibt es nicht.', foreign: 'Diese Meldung hat jemand anderes erstellt.' },
  initial: () => ({ status: 'lost' }),
  async check(ctx, actor, r) {
    checkLastSeen(ctx, r);
    // A linked dog must be one's own (403 otherwise, 404 when missing).
    if (typeof r.dog_id === 'number') await requireDogAccess(ctx.db, actor, r.dog_id, 'manage');
  },
  derive: (ctx, r) => ({ found_at: r.status === 'found' ? (r.found_at ?? ctx.clock.now().toISOString()) : null }),
  async afterCreate(ctx, actor, row) {
    await pushNearby(
      ctx,
      row,
      LOST_DOG_PUSH_KM,
      actor.id,
      'lost_dog_nearby',
      { title: `Hund vermisst: ${String(row.name)}`, body: String(row.description).slice(0, 140), url: appUrlOf(lostDogs, row.id), tag: `lost-${row.id}` },
      `lost:${row.id}`,
    );
  },
};
