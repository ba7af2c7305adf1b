import { z } from 'zod';

export const DailyPhotoView = z
  .object({
    media_id: z.number().int(),
    entry_id: z.number().int(),
    entry_date: z.string(),
    url: z.string(),
    preview_url: z.string(),
  })
  .meta({ id: 'DailyPhoto' });

export const DueSoonItem = z
  .object({
    area: z.string().meta({ example: 'health' }),
    title: z.string().meta({ example: 'Tollwut-Impfung auffrischen' }),
    due_date: z.string().meta({ description: 'YYYY-MM-DD' }),
    dog_id: z.number().int().nullable(),
    url: z.string().nullable(),
  })
  .meta({ id: 'DueSoonItem' });
export type DueSoonItem = z.infer<typeof DueSoonItem>;

export const WelcomeDashboard = z
  .object({
    today: z.string().meta({ description: 'Der heutige Tag (Europe/Berlin), YYYY-MM-DD' }),
    dogs: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        photo_url: z.string().nullable(),
        daily_photo: DailyPhotoView.nullable().meta({ description: 'Das Foto des Tages aus dem Tagebuch (eins pro Hund und Tag)' }),
      }),
    ),
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
    due_soon: z.array(DueSoonItem).meta({ description: 'Was bald fällig ist (Gesundheit, Pflege …), sobald diese Bereiche Termine liefern' }),
    unread_notifications: z.number().int(),
  })
  .meta({ id: 'WelcomeDashboard' });
export type WelcomeDashboard = z.infer<typeof WelcomeDashboard>;
