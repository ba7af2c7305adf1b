import { z } from 'zod';
import { flag, flagInput, LIMITS, optionalText, requiredText } from '#core/http/route/schema-kit.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { OptionalNear } from '#core/geo-items/index.js';

const Lat = z.number().min(-90).max(90);
const Lon = z.number().min(-180).max(180);

/** [lat, lon] as the decisions write the plan's points (the routing service gets [lon, lat]). */
const PlanPoint = z.tuple([Lat, Lon], { error: 'Ein Punkt ist [Breite, Länge].' });

export const PROFILES = ['foot-walking', 'foot-hiking'] as const;

export const PlanBody = z
  .strictObject({
    points: z.array(PlanPoint).min(2, 'Setz mindestens 2 Punkte.').max(25, 'Höchstens 25 Punkte.'),
    profile: z.enum(PROFILES).default('foot-walking'),
  })
  .meta({ id: 'RoutePlanBody' });

/** A GeoJSON LineString: [lon, lat] positions (a third value, the height, is dropped). */
export const LineString = z
  .object({
    type: z.literal('LineString'),
    coordinates: z
      .array(z.tuple([Lon, Lat]).rest(z.number()))
      .min(2, 'Eine Route hat mindestens 2 Punkte.')
      .max(5_000, 'Eine Route hat höchstens 5000 Punkte.')
      .transform((c) => c.map(([lon, lat]) => [lon, lat] as [number, number])),
  })
  .strict()
  .meta({ id: 'LineString' });

export const Plan = z
  .object({
    geometry: LineString,
    distance_m: z.number(),
    duration_s: z.number(),
    cached: z.boolean().meta({ description: 'true: heute schon einmal so geplant, zählt nicht' }),
    remaining_this_week: z.number().int().nullable().meta({ description: 'Wie viele Planungen in den letzten 7 Tagen noch frei sind; null ohne Grenze' }),
  })
  .meta({ id: 'RoutePlan' });

export const CreateRouteBody = z
  .strictObject({
    name: requiredText(LIMITS.title),
    description: optionalText(LIMITS.body),
    geometry: LineString,
    distance_m: z.number().int().min(0).max(1_000_000),
    duration_s: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .nullable()
      .optional(),
    public: flagInput.optional().meta({ description: 'Für alle sichtbar (1) oder nur für dich (0, Standard)' }),
  })
  .meta({ id: 'CreateRouteBody' });
export const UpdateRouteBody = z
  .strictObject({ name: requiredText(LIMITS.title), description: optionalText(LIMITS.body), public: flagInput })
  .partial()
  .meta({ id: 'UpdateRouteBody' });

export const SavedRoute = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(z.tuple([z.number(), z.number()])) }),
    distance_m: z.number().int(),
    duration_s: z.number().int().nullable(),
    public: flag,
    mine: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SavedRoute' });
export type SavedRoute = z.infer<typeof SavedRoute>;

export const RoutesQuery = PageQuery.extend(OptionalNear);
export const RoutesPage = pageSchema(
  SavedRoute.extend({ distance_km: z.number().optional().meta({ description: 'Nur mit lat/lon: km bis zum Start der Route (0,1 genau)' }) }),
).meta({ id: 'SavedRoutes' });
