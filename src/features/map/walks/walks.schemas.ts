import { z } from 'zod';
import { Id } from '#core/http/route/schema-kit.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { OptionalNear } from '#core/geo-items/index.js';

const TrackPoint = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)], { error: 'Ein Punkt ist [Breite, Länge].' });

export const CreateWalkBody = z
  .strictObject({
    dog_ids: z
      .array(Id)
      .min(1, 'Wähl mindestens einen Hund.')
      .max(10)
      .transform((ids) => [...new Set(ids)]),
    started_at: z.iso.datetime({ offset: true, error: 'Bitte gib Datum und Uhrzeit an.' }),
    duration_min: z.number().int().min(1, 'Mindestens 1 Minute.').max(1440, 'Höchstens 24 Stunden.'),
    distance_m: z.number().int().min(0).max(200_000).nullable().optional(),
    route_id: Id.nullable().optional(),
    track: z.array(TrackPoint).min(2).max(20_000).nullable().optional().meta({ description: '[[Breite, Länge], …] wie aufgezeichnet' }),
  })
  .meta({ id: 'CreateWalkBody' });

export const Walk = z.object({
  id: z.number().int(),
  started_at: z.string(),
  duration_min: z.number().int(),
  distance_m: z.number().int().nullable(),
  route_id: z.number().int().nullable(),
  dogs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  has_track: z.boolean(),
  created_at: z.string(),
});
export type Walk = z.infer<typeof Walk>;
export const WalkDetail = Walk.extend({ track: z.array(z.tuple([z.number(), z.number()])).nullable() }).meta({ id: 'WalkDetail' });

export const WalksQuery = PageQuery.extend(OptionalNear);
/** A walk in a list: with `distance_km` when the list was asked around a position. */
export const WalkInList = Walk.extend({
  distance_km: z.number().optional().meta({ description: 'Nur mit lat/lon: km bis zum Startpunkt (0,1 genau)' }),
}).meta({ id: 'Walk' });
export const WalksPage = pageSchema(WalkInList).meta({ id: 'Walks' });

export const WeeklyQuery = z.object({ weeks: z.coerce.number().int().min(1).max(52).default(8) });
export const Weekly = z
  .object({
    dogs: z.array(
      z.object({
        dog_id: z.number().int(),
        name: z.string(),
        weeks: z.array(
          z.object({
            week_start: z.string().meta({ description: 'Montag der Woche (Europe/Berlin), YYYY-MM-DD' }),
            walks: z.number().int(),
            distance_m: z.number().int(),
            duration_min: z.number().int(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'WeeklyWalks' });
