import { z } from 'zod';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { Id } from '#core/http/route/schema-kit.js';
import { MediaItem } from './diary.schemas.js';

const DogFilter = Id.optional().meta({ description: 'Nur dieser Hund; ohne: alle deine Hunde' });

export const ScopeQuery = z.object({ dog_id: DogFilter });

export const CalendarQuery = z.object({
  dog_id: DogFilter,
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bitte als JJJJ-MM angeben.')
    .meta({ example: '2026-11', description: 'Monat als YYYY-MM' }),
});

export const MosaicQuery = PageQuery.extend({ dog_id: DogFilter });
export type MosaicQuery = z.infer<typeof MosaicQuery>;

export const DiaryStats = z
  .object({
    entries: z.number().int(),
    photos: z.number().int(),
    located_photos: z.number().int(),
    places: z.number().int().meta({ description: 'Verschiedene Orte (auf etwa 100 m gerundet) mit Einträgen' }),
    first_date: z.string().nullable(),
    last_date: z.string().nullable(),
    entries_this_month: z.number().int(),
    entries_this_year: z.number().int(),
    streak_days: z.number().int().meta({ description: 'Tage in Folge mit Eintrag, bis heute oder gestern' }),
    moods: z.record(z.string(), z.number().int()).meta({ description: 'Anzahl Einträge je Stimmung' }),
  })
  .meta({ id: 'DiaryStats' });
export type DiaryStats = z.infer<typeof DiaryStats>;

export const CalendarDay = z.object({
  date: z.string(),
  entries: z.number().int(),
  photos: z.number().int(),
  first_entry_id: z.number().int(),
  preview_url: z.string().nullable().meta({ description: 'Vorschau des ersten Fotos des Tages' }),
});

export const DiaryCalendar = z.object({ month: z.string(), days: z.array(CalendarDay) }).meta({ id: 'DiaryCalendar' });
export type DiaryCalendar = z.infer<typeof DiaryCalendar>;

export const DiaryPlace = z.object({
  lat: z.number(),
  lon: z.number(),
  entries: z.number().int(),
  first_date: z.string(),
  last_date: z.string(),
  latest_entry_id: z.number().int().meta({ description: 'Der zuletzt angelegte Eintrag an diesem Ort' }),
  latest_title: z.string().nullable().meta({ description: 'Sein Titel (für das Popup auf der Karte)' }),
  latest_preview_url: z.string().nullable().meta({ description: 'Die Vorschau seines ersten Fotos' }),
});

export const DiaryLocations = z
  .object({
    places: z.array(DiaryPlace).meta({ description: 'Orte mit Einträgen, auf etwa 100 m zusammengefasst, neueste zuerst' }),
    located_entries: z.number().int(),
  })
  .meta({ id: 'DiaryLocations' });
export type DiaryLocations = z.infer<typeof DiaryLocations>;

export const MosaicItem = MediaItem.extend({ entry_date: z.string() }).meta({ id: 'DiaryMosaicItem' });
export type MosaicItem = z.infer<typeof MosaicItem>;
export const MosaicPage = pageSchema(MosaicItem).meta({ id: 'DiaryMosaicPage' });
