import { z } from 'zod';
import { COUNTRIES } from './regions.js';

export const LeashSeason = z
  .object({
    from: z.string().meta({ description: 'MM-DD, erster Tag' }),
    until: z.string().meta({ description: 'MM-DD, letzter Tag' }),
    active_today: z.boolean(),
    rule: z.string(),
    source_url: z.string(),
    as_of: z.string().meta({ description: 'Tag, an dem die Quelle gelesen wurde (YYYY-MM-DD)' }),
  })
  .meta({ id: 'LeashSeason' });
export type LeashSeason = z.infer<typeof LeashSeason>;

export const Place = z
  .object({
    country: z.enum(COUNTRIES).nullable(),
    region: z.string().nullable().meta({ description: 'ISO 3166-2, z. B. DE-NI, AT-9, CH-ZH' }),
    region_name: z.string().nullable(),
    currency: z.enum(['EUR', 'CHF']),
    manual: z.union([z.literal(0), z.literal(1)]).meta({ description: '1: von Hand gesetzt, ein neues Heimatgebiet ändert nichts' }),
    leash_season: LeashSeason.nullable().meta({ description: 'Brut- und Setzzeit der Region, falls die Tabelle Daten dafür hat' }),
  })
  .meta({ id: 'UserPlace' });
export type Place = z.infer<typeof Place>;

export const SetPlaceBody = z
  .strictObject({
    country: z.enum(COUNTRIES),
    region: z.string().max(10).nullable().meta({ description: 'ISO 3166-2 im gewählten Land, oder null' }),
  })
  .meta({ id: 'SetUserPlaceBody' });
export type SetPlaceBody = z.infer<typeof SetPlaceBody>;
