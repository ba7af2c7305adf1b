import { dateInZone } from '../../core/clock.js';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { countUnread } from '../notifications/index.js';
import { dailyPhotoFor, deleteStaleDailyPhotos, type DailyPhoto } from './daily-photo.js';
import type { DueSoonItem, WelcomeDashboard } from './dashboard.schemas.js';
import { sameDayPatterns, yearsAgo } from './on-this-day.js';

/**
 * Later areas (health, care, heat cycle) tell the dashboard what is due soon. routes.ts hands their providers to
 * diaryRoutes; each returns the user's upcoming items, the dashboard merges and sorts them.
 */
export type DueSoonProvider = (ctx: AppContext, userId: number, today: string) => Promise<DueSoonItem[]>;

const ON_THIS_DAY_LIMIT = 10;
const RECENT_LIMIT = 5;
const DUE_SOON_LIMIT = 10;

/** Preview of the first photo of each entry. */
async function firstPreviews(db: Db, entryIds: number[]): Promise<Map<number, string>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('diary_media')
    .select(['entry_id', 'preview_url', 'id'])
    .where('entry_id', 'in', entryIds)
    .orderBy('id')
    .execute();
  const map = new Map<number, string>();
  for (const r of rows) if (!map.has(r.entry_id)) map.set(r.entry_id, r.preview_url);
  return map;
}

export async function welcomeDashboard(ctx: AppContext, userId: number, providers: DueSoonProvider[]): Promise<WelcomeDashboard> {
  const now = ctx.clock.now();
  const today = dateInZone(now, ctx.config.timeZone);
  const dogs = await ctx.db.selectFrom('dogs').select(['id', 'name', 'photo_url']).where('user_id', '=', userId).orderBy('id').execute();
  const dogIds = dogs.map((d) => d.id);
  await deleteStaleDailyPhotos(ctx.db, dogIds, today);

  const daily: (DailyPhoto | null)[] = [];
  for (const dog of dogs) daily.push(await dailyPhotoFor(ctx.db, dog.id, today, now.toISOString()));

  const [memories, recent, unread, due] = await Promise.all([
    dogIds.length
      ? ctx.db
          .selectFrom('diary_entries')
          .select(['id', 'dog_id', 'date', 'title'])
          .where('dog_id', 'in', dogIds)
          .where('date', '<', today)
          .where((eb) => eb.or(sameDayPatterns(today).map((p) => eb('date', 'like', p))))
          .orderBy('date', 'desc')
          .orderBy('id', 'desc')
          .limit(ON_THIS_DAY_LIMIT)
          .execute()
      : [],
    dogIds.length
      ? ctx.db
          .selectFrom('diary_entries')
          .select(['id', 'dog_id', 'date', 'title'])
          .where('dog_id', 'in', dogIds)
          .orderBy('date', 'desc')
          .orderBy('id', 'desc')
          .limit(RECENT_LIMIT)
          .execute()
      : [],
    countUnread(ctx.db, userId),
    Promise.all(providers.map((p) => p(ctx, userId, today))),
  ]);
  const previews = await firstPreviews(ctx.db, [...memories, ...recent].map((e) => e.id));
  const dogName = new Map(dogs.map((d) => [d.id, d.name]));

  return {
    today,
    dogs: dogs.map((d, i) => ({ id: d.id, name: d.name, photo_url: d.photo_url, daily_photo: daily[i] ?? null })),
    on_this_day: memories.map((e) => ({
      entry_id: e.id,
      dog_id: e.dog_id,
      dog_name: dogName.get(e.dog_id) ?? '',
      date: e.date,
      title: e.title,
      years_ago: yearsAgo(e.date, today),
      preview_url: previews.get(e.id) ?? null,
    })),
    recent_entries: recent.map((e) => ({ entry_id: e.id, dog_id: e.dog_id, date: e.date, title: e.title, preview_url: previews.get(e.id) ?? null })),
    due_soon: due
      .flat()
      .sort((a, b) => a.due_date.localeCompare(b.due_date))
      .slice(0, DUE_SOON_LIMIT),
    unread_notifications: unread,
  };
}
