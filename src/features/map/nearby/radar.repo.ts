import { sql } from 'kysely';
import type { Db } from '#core/db/index.js';

/**
 * The SQL of the public poison-bait figures (radar.page.ts): towns and counts only. No query here selects a
 * position, a user or a text for the pages; the fill job reads positions to look the towns up and writes the town.
 */

/** Warnings whose town was never looked up, oldest first (the fill job's next batch). */
export async function warningsWithoutCity(db: Db, limit: number): Promise<{ id: number; lat: number; lon: number }[]> {
  return db.selectFrom('poison_warnings').select(['id', 'lat', 'lon']).where('city_checked_at', 'is', null).orderBy('id').limit(limit).execute();
}

export async function setWarningCity(db: Db, id: number, city: string | null, slug: string | null, at: string): Promise<void> {
  await db.updateTable('poison_warnings').set({ city, city_slug: slug, city_checked_at: at }).where('id', '=', id).execute();
}

/** Towns with at least `min` warnings since `since` (false alarms not counted), by count, then name. */
export async function citiesWithWarnings(db: Db, since: string, min: number): Promise<{ slug: string; city: string; n: number }[]> {
  const rows = await db
    .selectFrom('poison_warnings')
    .select(['city_slug as slug', sql<string>`max(city)`.as('city'), sql<number>`count(*)`.as('n')])
    .where('city_slug', 'is not', null)
    .where('created_at', '>=', since)
    .where('status', '<>', 'false_alarm')
    .groupBy('city_slug')
    .having(sql<number>`count(*)`, '>=', min)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('city_slug')
    .execute();
  return rows.map((r) => ({ slug: String(r.slug), city: String(r.city), n: Number(r.n) }));
}

/** A town's warnings since `since` (false alarms not counted): kind, when reported, when confirmed; nothing else. */
export async function warningsOfCity(
  db: Db,
  slug: string,
  since: string,
): Promise<{ city: string; kind: string; created_at: string; confirmed_at: string | null }[]> {
  const rows = await db
    .selectFrom('poison_warnings')
    .select(['city', 'kind', 'created_at', 'confirmed_at'])
    .where('city_slug', '=', slug)
    .where('created_at', '>=', since)
    .where('status', '<>', 'false_alarm')
    .execute();
  return rows.map((r) => ({ city: String(r.city), kind: r.kind, created_at: r.created_at, confirmed_at: r.confirmed_at }));
}
