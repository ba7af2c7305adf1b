import { z } from 'zod';
import type { DashboardProvider, DashboardRow } from '../dashboard/index.js';
import { dailyPhotosFor } from './daily-photo.js';
import { cachedDailyPhotosBranch, dailyPhotosFromRows, type DailyPhoto } from './daily-photo.repo.js';
import { diaryCardBranches } from './on-this-day.repo.js';
import { yearsAgo } from './on-this-day.js';

/** What the diary shows on the welcome dashboard: each dog's photo of the day, "on this day" and the latest entries. */

const ON_THIS_DAY_LIMIT = 10;
const RECENT_LIMIT = 5;

export const DailyPhotoView = z
  .object({
    media_id: z.number().int(),
    entry_id: z.number().int(),
    entry_date: z.string(),
    url: z.string(),
    preview_url: z.string(),
  })
  .meta({ id: 'DailyPhoto' });

const dogFields = {
  daily_photo: DailyPhotoView.nullable().meta({ description: 'Das Foto des Tages aus dem Tagebuch (eins pro Hund und Tag)' }),
};

const cards = {
  on_this_day: z
    .array(
      z.object({
        entry_id: z.number().int(),
        dog_id: z.number().int(),
        dog_name: z.string(),
        date: z.string(),
        title: z.string().nullable(),
        years_ago: z.number().int(),
        preview_url: z.string().nullable(),
      }),
    )
    .meta({ description: 'Einträge vom selben Kalendertag früherer Jahre' }),
  recent_entries: z.array(
    z.object({ entry_id: z.number().int(), dog_id: z.number().int(), date: z.string(), title: z.string().nullable(), preview_url: z.string().nullable() }),
  ),
};

/** Newest first, then by id: the order of both card branches (a union's rows come in no promised order). */
const newestFirst = (a: DashboardRow, b: DashboardRow) => ((a.day ?? '') > (b.day ?? '') ? -1 : (a.day ?? '') < (b.day ?? '') ? 1 : (b.id ?? 0) - (a.id ?? 0));

export const diaryDashboard: DashboardProvider<typeof cards, typeof dogFields> = {
  area: 'diary',
  reads(db, { dogs, today }) {
    const dogIds = dogs.map((d) => d.id);
    if (dogIds.length === 0) return {};
    return { photos: cachedDailyPhotosBranch(db, dogIds, today), ...diaryCardBranches(db, dogIds, today, ON_THIS_DAY_LIMIT, RECENT_LIMIT) };
  },
  dogFields: {
    shape: dogFields,
    async load(ctx, { dogs, today, now }, rows) {
      // Yesterday's choices are dropped when today's are made (dailyPhotosFor), not on every visit.
      const photos = await dailyPhotosFor(
        ctx.db,
        dogs.map((d) => d.id),
        today,
        now,
        dailyPhotosFromRows(rows('photos')),
      );
      return new Map([...photos].map(([dogId, photo]): [number, { daily_photo: DailyPhoto | null }] => [dogId, { daily_photo: photo }]));
    },
  },
  cards: {
    shape: cards,
    async load(_ctx, { dogs, today }, rows) {
      const memories = rows('memories').sort(newestFirst);
      const recent = rows('recent').sort(newestFirst);
      const dogName = new Map(dogs.map((d) => [d.id, d.name]));
      return {
        on_this_day: memories.map((e) => ({
          entry_id: e.id!,
          dog_id: e.dog_id!,
          dog_name: dogName.get(e.dog_id!) ?? '',
          date: e.day!,
          title: e.text,
          years_ago: yearsAgo(e.day!, today),
          preview_url: e.more,
        })),
        recent_entries: recent.map((e) => ({ entry_id: e.id!, dog_id: e.dog_id!, date: e.day!, title: e.text, preview_url: e.more })),
      };
    },
  },
};
