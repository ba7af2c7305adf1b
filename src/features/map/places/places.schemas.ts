import { z } from 'zod';
import { Position } from '../../../core/geo/index.js';
import { flag, flagInput, LIMITS, optionalText, requiredText } from '../../../core/http/schema-kit.js';

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
