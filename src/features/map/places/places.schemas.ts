import { z } from 'zod';
import { Position } from '#core/geo/index.js';
import { OptionalNear } from '#core/geo-items/index.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { flag, flagInput, LIMITS, optionalText, requiredText } from '#core/http/route/schema-kit.js';

/** A place type: lower-case words like the spec's "tierarzt" and "hundesalon". */
const PlaceType = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-zäöüß-]{2,30}$/, 'Ein Typ ist ein Wort aus Kleinbuchstaben, z. B. „tierarzt“.');
const Types = z
  .array(PlaceType)
  .min(1, 'Bitte wähle mindestens einen Typ.')
  .max(8)
  .transform((types) => [...new Set(types)]);

export const CreatePlaceBody = z
  .strictObject({
    ...Position.shape,
    name: requiredText(LIMITS.title),
    types: Types,
    description: optionalText(LIMITS.body),
    public: flagInput.optional().meta({ description: 'Für alle sichtbar (1) oder nur für dich (0, Standard)' }),
  })
  .meta({ id: 'CreatePlaceBody' });
export const UpdatePlaceBody = CreatePlaceBody.partial().strict().meta({ id: 'UpdatePlaceBody' });

export const Place = z
  .object({
    id: z.number().int(),
    name: z.string(),
    types: z.array(z.string()),
    description: z.string().nullable(),
    lat: z.number(),
    lon: z.number(),
    public: flag,
    mine: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof Place>;

/** The map view asks for a box (`bbox`), a "nearby" list for a position (`lat`, `lon`, `radius_km`, in pages). */
export const PlacesQuery = PageQuery.extend({
  bbox: z.string().max(100).optional().meta({ description: 'süd,west,nord,ost in Grad (Kartenansicht; nicht mit lat/lon)' }),
  ...OptionalNear,
});
export type PlacesQuery = z.infer<typeof PlacesQuery>;

export const PlacesPage = pageSchema(
  Place.extend({ distance_km: z.number().optional().meta({ description: 'Nur mit lat/lon: Entfernung in km (0,1 genau)' }) }),
).meta({ id: 'Places' });
