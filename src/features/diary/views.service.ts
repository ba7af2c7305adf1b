import type { Request } from 'express';
import { z } from 'zod';
import { loadOwnedDog } from '../../core/auth/ownership.js';
import { dateInZone, DAY } from '../../core/clock.js';
import type { AppContext } from '../../core/context.js';
import { unauthorized } from '../../core/http/errors.js';
import { decodeCursor, toPage } from '../../core/http/pagination.js';
import { MEDIA_COLUMNS, toMediaItem } from './media.repo.js';
import type { DiaryCalendar, DiaryLocations, DiaryStats, MosaicItem } from './views.schemas.js';

/** The dogs a view covers: the one asked for (403/404 rule), or all of the user's dogs. */
export async function dogScope(ctx: AppContext, req: Request, dogId: number | undefined): Promise<number[]> {
  if (!req.user) throw unauthorized();
  if (dogId !== undefined) return [(await loadOwnedDog(ctx.db, req, dogId)).id];
  const rows = await ctx.db.selectFrom('dogs').select('id').where('user_id', '=', req.user.id).execute();
  return rows.map((r) => r.id);
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
}

/** Days in a row with an entry, ending today or yesterday (a streak is not lost before the day is over). */
function streak(datesDesc: string[], today: string): number {
  let expected = datesDesc[0] === today ? today : previousDay(today);
  let count = 0;
  for (const date of datesDesc) {
    if (date > today) continue;
    if (date !== expected) break;
    count++;
    expected = previousDay(expected);
  }
  return count;
}

export async function diaryStats(ctx: AppContext, dogIds: number[]): Promise<DiaryStats> {
  const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
  const empty: DiaryStats = {
    entries: 0,
    photos: 0,
    located_photos: 0,
    places: 0,
    first_date: null,
    last_date: null,
    entries_this_month: 0,
    entries_this_year: 0,
    streak_days: 0,
    moods: {},
  };
  if (dogIds.length === 0) return empty;
  const entries = ctx.db.selectFrom('diary_entries').where('dog_id', 'in', dogIds);
  const [totals, month, year, photos, places, moods, dates] = await Promise.all([
    entries
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('date').as('first'), eb.fn.max('date').as('last')])
      .executeTakeFirstOrThrow(),
    entries.select((eb) => eb.fn.countAll<number>().as('n')).where('date', '>=', `${today.slice(0, 7)}-01`).where('date', '<=', today).executeTakeFirstOrThrow(),
    entries.select((eb) => eb.fn.countAll<number>().as('n')).where('date', '>=', `${today.slice(0, 4)}-01-01`).where('date', '<=', today).executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('diary_media')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('lat').as('located')])
      .where('dog_id', 'in', dogIds)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom(() => entries.select(['cell_lat', 'cell_lon']).where('cell_lat', 'is not', null).distinct().as('cells'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    entries.select((eb) => ['mood', eb.fn.countAll<number>().as('n')]).where('mood', 'is not', null).groupBy('mood').execute(),
    entries.select('date').distinct().where('date', '<=', today).orderBy('date', 'desc').limit(1000).execute(),
  ]);
  return {
    ...empty,
    entries: Number(totals.n),
    first_date: totals.first ?? null,
    last_date: totals.last ?? null,
    entries_this_month: Number(month.n),
    entries_this_year: Number(year.n),
    photos: Number(photos.n),
    located_photos: Number(photos.located),
    places: Number(places.n),
    moods: Object.fromEntries(moods.map((m) => [m.mood ?? '', Number(m.n)])),
    streak_days: streak(
      dates.map((d) => d.date),
      today,
    ),
  };
}

export async function diaryCalendar(ctx: AppContext, dogIds: number[], month: string): Promise<DiaryCalendar> {
  if (dogIds.length === 0) return { month, days: [] };
  const from = `${month}-01`;
  const to = `${month}-31`;
  const [days, photos] = await Promise.all([
    ctx.db
      .selectFrom('diary_entries')
      .select((eb) => ['date', eb.fn.countAll<number>().as('n'), eb.fn.min('id').as('first_id')])
      .where('dog_id', 'in', dogIds)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .groupBy('date')
      .orderBy('date')
      .execute(),
    ctx.db
      .selectFrom('diary_media')
      .innerJoin('diary_entries', 'diary_entries.id', 'diary_media.entry_id')
      .select((eb) => ['diary_entries.date', eb.fn.countAll<number>().as('n'), eb.fn.min('diary_media.id').as('first_media')])
      .where('diary_entries.dog_id', 'in', dogIds)
      .where('diary_entries.date', '>=', from)
      .where('diary_entries.date', '<=', to)
      .groupBy('diary_entries.date')
      .execute(),
  ]);
  const photosByDay = new Map(photos.map((p) => [p.date, p]));
  const firstMedia = photos.map((p) => Number(p.first_media));
  const previews = firstMedia.length
    ? await ctx.db.selectFrom('diary_media').select(['id', 'preview_url']).where('id', 'in', firstMedia).execute()
    : [];
  const previewById = new Map(previews.map((p) => [p.id, p.preview_url]));
  return {
    month,
    days: days.map((d) => {
      const p = photosByDay.get(d.date);
      return {
        date: d.date,
        entries: Number(d.n),
        photos: p ? Number(p.n) : 0,
        first_entry_id: Number(d.first_id),
        preview_url: p ? (previewById.get(Number(p.first_media)) ?? null) : null,
      };
    }),
  };
}

export async function diaryLocations(ctx: AppContext, dogIds: number[]): Promise<DiaryLocations> {
  if (dogIds.length === 0) return { places: [], located_entries: 0 };
  const rows = await ctx.db
    .selectFrom('diary_entries')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.avg<number>('lat').as('lat'),
      eb.fn.avg<number>('lon').as('lon'),
      eb.fn.min('date').as('first_date'),
      eb.fn.max('date').as('last_date'),
      eb.fn.max('id').as('latest_id'),
    ])
    .where('dog_id', 'in', dogIds)
    .where('cell_lat', 'is not', null)
    .groupBy(['cell_lat', 'cell_lon'])
    .execute();
  const places = rows
    .map((r) => ({
      lat: Math.round(Number(r.lat) * 1e5) / 1e5,
      lon: Math.round(Number(r.lon) * 1e5) / 1e5,
      entries: Number(r.n),
      first_date: String(r.first_date),
      last_date: String(r.last_date),
      latest_entry_id: Number(r.latest_id),
    }))
    .sort((a, b) => (a.last_date < b.last_date ? 1 : a.last_date > b.last_date ? -1 : b.latest_entry_id - a.latest_entry_id));
  return { places, located_entries: places.reduce((sum, p) => sum + p.entries, 0) };
}

const MosaicCursor = z.object({ d: z.iso.date(), id: z.number().int() });

/** Every photo of the dogs, newest diary day first: the media mosaic. */
export async function diaryMosaic(ctx: AppContext, dogIds: number[], query: { limit: number; cursor?: string | undefined }) {
  if (dogIds.length === 0) return { items: [] as MosaicItem[], next_cursor: null };
  const after = decodeCursor(query.cursor, MosaicCursor);
  let q = ctx.db
    .selectFrom('diary_media')
    .innerJoin('diary_entries', 'diary_entries.id', 'diary_media.entry_id')
    .select([...MEDIA_COLUMNS, 'diary_entries.date as entry_date'])
    .where('diary_media.dog_id', 'in', dogIds);
  if (after)
    q = q.where((eb) =>
      eb.or([eb('diary_entries.date', '<', after.d), eb.and([eb('diary_entries.date', '=', after.d), eb('diary_media.id', '<', after.id)])]),
    );
  const rows = await q.orderBy('diary_entries.date', 'desc').orderBy('diary_media.id', 'desc').limit(query.limit + 1).execute();
  return toPage(
    rows,
    query.limit,
    (r) => ({ d: r.entry_date, id: r.id }),
    (r): MosaicItem => ({ ...toMediaItem(r), entry_date: r.entry_date }),
  );
}
