import { z } from 'zod';

/** Radius rules of every distance search (decisions, Community on the map): default 10 km, more than 0, at most 200. */
export const RADIUS_KM = { default: 10, max: 200 } as const;

/**
 * Degrees kept to 7 decimals (about 1 cm). Why: a value like 1e-300 is a valid number, but PostgreSQL refuses
 * float arithmetic whose result underflows ("value out of range: underflow", a 500 the fuzz stage found for a
 * nearby search among stored positions that small). Rounded, such a value is 0; -0 becomes 0 too.
 */
export const roundDegrees = (v: number): number => Math.round(v * 1e7) / 1e7 + 0;

export const Latitude = z.coerce
  .number({ error: 'Bitte gib einen Breitengrad zwischen -90 und 90 an.' })
  .min(-90, 'Der Breitengrad liegt zwischen -90 und 90.')
  .max(90, 'Der Breitengrad liegt zwischen -90 und 90.')
  .overwrite(roundDegrees);

export const Longitude = z.coerce
  .number({ error: 'Bitte gib einen Längengrad zwischen -180 und 180 an.' })
  .min(-180, 'Der Längengrad liegt zwischen -180 und 180.')
  .max(180, 'Der Längengrad liegt zwischen -180 und 180.')
  .overwrite(roundDegrees);

export const RadiusKm = z.coerce
  .number({ error: 'Bitte gib einen Umkreis in Kilometern an.' })
  .gt(0, 'Der Umkreis muss größer als 0 km sein.')
  .max(RADIUS_KM.max, `Der Umkreis darf höchstens ${RADIUS_KM.max} km sein.`)
  .default(RADIUS_KM.default);

/** `?lat=&lon=&radius_km=` of a "nearby" list; extend it for a kind's own filters (`NearQuery.extend({...})`). */
export const NearQuery = z.strictObject({ lat: Latitude, lon: Longitude, radius_km: RadiusKm });
export type NearQuery = z.infer<typeof NearQuery>;

/** A stored position (body of a create/patch): plain numbers, no coercion from strings. */
export const Position = z.object({
  lat: z
    .number({ error: 'Bitte gib einen Breitengrad an.' })
    .min(-90, 'Der Breitengrad liegt zwischen -90 und 90.')
    .max(90, 'Der Breitengrad liegt zwischen -90 und 90.')
    .overwrite(roundDegrees),
  lon: z
    .number({ error: 'Bitte gib einen Längengrad an.' })
    .min(-180, 'Der Längengrad liegt zwischen -180 und 180.')
    .max(180, 'Der Längengrad liegt zwischen -180 und 180.')
    .overwrite(roundDegrees),
});
