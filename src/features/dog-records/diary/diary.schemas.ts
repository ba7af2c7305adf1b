import { z } from 'zod';
import type { Wording } from '#core/auth/ownership.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { CalendarDate, LIMITS, optionalText } from '#core/http/route/schema-kit.js';
import { WeatherSummary } from '../weather/index.js';

/** The 404/403 sentences of the ownership rule for entries and photos. */
export const ENTRY_WORDING: Wording = { missing: 'Diesen Tagebucheintrag gibt es nicht.', foreign: 'Das ist nicht dein Tagebucheintrag.' };
export const MEDIA_WORDING: Wording = { missing: 'Dieses Foto gibt es nicht.', foreign: 'Das ist nicht dein Foto.' };

const EntryDate = CalendarDate.meta({ example: '2026-11-21' });

export const Mood = z.enum(['happy', 'playful', 'calm', 'tired', 'sick', 'sad']).meta({
  description: 'Stimmung des Hundes: happy (fröhlich), playful (verspielt), calm (entspannt), tired (müde), sick (krank), sad (traurig)',
});

/** Spec: a diary text of 50,000 characters is rejected (422); body fields hold at most 10,000. May be empty when the entry has a title. */
const Text = z.string().max(LIMITS.body);
/** Tags are the diary's own short labels, not a Limits-table field. */
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;
const Tags = z
  .array(z.string().trim().min(1).max(MAX_TAG_LENGTH))
  .max(MAX_TAGS)
  .meta({ description: `Höchstens ${MAX_TAGS} Schlagwörter à ${MAX_TAG_LENGTH} Zeichen` });

export const CreateEntryBody = z
  .strictObject({
    date: EntryDate,
    title: optionalText(LIMITS.title),
    text: Text,
    mood: Mood.nullable().optional(),
    tags: Tags.optional(),
  })
  .meta({ id: 'CreateDiaryEntryBody' });
export type CreateEntryBody = z.infer<typeof CreateEntryBody>;

export const UpdateEntryBody = z
  .strictObject({
    date: EntryDate.optional(),
    title: optionalText(LIMITS.title),
    text: Text.optional(),
    mood: Mood.nullable().optional(),
    tags: Tags.optional(),
  })
  .meta({ id: 'UpdateDiaryEntryBody' });
export type UpdateEntryBody = z.infer<typeof UpdateEntryBody>;

export const WeatherStatus = z.enum(['none', 'pending', 'ok', 'unavailable']).meta({
  description: 'none: Foto ohne Position; pending: wird nachgeladen; ok: Wetter da; unavailable: für Ort und Tag gibt es keine Daten',
});

export const MediaItem = z
  .object({
    id: z.number().int(),
    entry_id: z.number().int(),
    dog_id: z.number().int(),
    url: z.string().meta({ example: '/media/u/1/dogs/2/diary/Vq3…xQ.jpg' }),
    preview_url: z.string().meta({ example: '/media/u/1/dogs/2/diary/Vq3…xQ_preview.webp' }),
    width: z.number().int(),
    height: z.number().int(),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    taken_at: z.string().nullable().meta({ description: 'Aufnahmezeit aus den Fotodaten (ISO 8601 UTC)' }),
    weather_status: WeatherStatus,
    weather: WeatherSummary.nullable(),
    weather_retrying: z.boolean().meta({ description: 'Der Wetterdienst hat schon versagt; der stündliche Job versucht es weiter (bis zu zwei Tage)' }),
  })
  .meta({ id: 'DiaryMedia' });
export type MediaItem = z.infer<typeof MediaItem>;

export const Entry = z
  .object({
    id: z.number().int(),
    dog_id: z.number().int(),
    date: z.string(),
    title: z.string().nullable(),
    text: z.string(),
    mood: Mood.nullable(),
    tags: z.array(z.string()),
    lat: z.number().nullable().meta({ description: 'Position des ersten Fotos mit Ortsangabe' }),
    lon: z.number().nullable(),
    place_name: z.string().nullable().meta({ description: 'Der Ort dort (z. B. „Marienplatz, München“), wenn bekannt' }),
    author_id: z.number().int().nullable().meta({ description: 'Wer den Eintrag geschrieben hat (null: Konto gelöscht)' }),
    author_name: z.string().nullable().meta({ description: 'Name der Person, wenn nicht der Halter selbst geschrieben hat (Familie); sonst null' }),
    media: z.array(MediaItem),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DiaryEntry' });
export type Entry = z.infer<typeof Entry>;

export const EntryPage = pageSchema(Entry).meta({ id: 'DiaryEntryPage' });

export const ListEntriesQuery = PageQuery.extend({
  from: EntryDate.optional().meta({ description: 'Nur Einträge ab diesem Tag' }),
  to: EntryDate.optional().meta({ description: 'Nur Einträge bis zu diesem Tag' }),
});
export type ListEntriesQuery = z.infer<typeof ListEntriesQuery>;

export const UploadForm = z
  .object({
    files: z.array(z.string().meta({ format: 'binary' })).meta({ description: 'Ein bis zehn Fotos (JPEG, PNG, WebP, HEIF/AVIF)' }),
    lat: z.array(z.string().max(20)).optional().meta({
      description:
        'Je Foto die Breite aus seinen EXIF-Daten, die die App vor dem Verkleinern gelesen hat (leer: keine); zählt nur, wo die Datei selbst keine Position hat',
    }),
    lon: z.array(z.string().max(20)).optional().meta({ description: 'Je Foto die Länge, wie lat' }),
    taken_at: z
      .array(z.string().max(40))
      .optional()
      .meta({ description: 'Je Foto die Aufnahmezeit (ISO 8601 mit Zone; leer: keine); zählt nur, wo die Datei selbst keine hat' }),
  })
  .meta({ id: 'DiaryUploadForm' });

export const UploadResult = z.object({ items: z.array(MediaItem) }).meta({ id: 'DiaryUploadResult' });
