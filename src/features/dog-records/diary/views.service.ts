import { readableDogIds, requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { dateInZone, DAY } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { keysetPage, type Page } from '#core/http/route/pagination.js';
import { listDogSummaries } from '../dogs/index.js';
import { byDayThenId } from './entries.service.js';
import { toMediaItem } from './media.repo.js';
import { calendarRows, entryHeads, mosaicRows, placeRows, previewUrlsById, statsRows } from './views.repo.js';
import type { DiaryCalendar, DiaryLocations, DiaryStats, MosaicItem, MosaicQuery } from './views.schemas.js';

/** The dogs a view covers: the one asked for (403/404 rule), or all of the actor's dogs and those shared with them. */
export async function dogScope(ctx: AppContext, actor: Actor, dogId: number | undefined): Promise<number[]> {
  if (dogId !== undefined) return [(await requireDogAccess(ctx.db, actor, dogId, 'read')).dog_id];
  const own = (await listDogSummaries(ctx.db, actor.id)).map((d) => d.id);
  return readableDogIds(ctx.db, actor, own);
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
  const { totals, month, year, photos, places, moods, dates } = await statsRows(ctx.db, dogIds, today);
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
  const { days, photos } = await calendarRows(ctx.db, dogIds, from, to);
  const photosByDay = new Map(photos.map((p) => [p.date, p]));
  const previewById = await previewUrlsById(
    ctx.db,
    photos.map((p) => Number(p.first_media)),
  );
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
  const rows = await placeRows(ctx.db, dogIds);
  const heads = await entryHeads(
    ctx.db,
    rows.map((r) => Number(r.latest_id)),
  );
  const places = rows
    .map((r) => ({
      lat: Math.round(Number(r.lat) * 1e5) / 1e5,
      lon: Math.round(Number(r.lon) * 1e5) / 1e5,
      entries: Number(r.n),
      first_date: String(r.first_date),
      last_date: String(r.last_date),
      latest_entry_id: Number(r.latest_id),
      latest_title: heads.get(Number(r.latest_id))?.title ?? null,
      latest_preview_url: heads.get(Number(r.latest_id))?.preview_url ?? null,
    }))
    .sort((a, b) => (a.last_date < b.last_date ? 1 : a.last_date > b.last_date ? -1 : b.latest_entry_id - a.latest_entry_id));
  return { places, located_entries: places.reduce((sum, p) => sum + p.entries, 0) };
}

const MOSAIC_CURSOR = byDayThenId<MosaicItem>(
  (m) => m.entry_date,
  (m) => m.id,
);

/** Every photo of the dogs, newest diary day first: the media mosaic. */
export async function diaryMosaic(ctx: AppContext, dogIds: number[], query: MosaicQuery): Promise<Page<MosaicItem>> {
  if (dogIds.length === 0) return { items: [], next_cursor: null };
  return keysetPage(query, MOSAIC_CURSOR, async (take, after) =>
    (await mosaicRows(ctx.db, dogIds, take, after)).map((r): MosaicItem => ({ ...toMediaItem(r), entry_date: r.entry_date })),
  );
}
