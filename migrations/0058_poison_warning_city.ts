import { sql, type Kysely } from 'kysely';
import { inOneTransaction } from '#platform/db/migration-helpers.js';

/**
 * Public poison-bait figures per city (decisions, "Walk weather and hazards"):
 * - `city` and `city_slug`: the warning's town from reverse geocoding, stored at creation; `city_checked_at` says
 *   the lookup was made (a warning in a forest may have no town: it is not asked again). The job
 *   `poison-warnings.cities` fills the rows made before this migration or while Nominatim was away.
 * - `confirmed_at`: when the warning became confirmed. The status alone forgets it once the archive job runs, and
 *   the figures count confirmed warnings apart from reported ones for the whole year. Filled for today's rows from
 *   what they still show (confirmed now, or three confirmations).
 * The (city_slug, created_at) index serves a city's page and the list of cities.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await inOneTransaction(db, async (db) => {
    await db.schema.alterTable('poison_warnings').addColumn('city', 'text').execute();
    await db.schema.alterTable('poison_warnings').addColumn('city_slug', 'text').execute();
    await db.schema.alterTable('poison_warnings').addColumn('city_checked_at', 'text').execute();
    await db.schema.alterTable('poison_warnings').addColumn('confirmed_at', 'text').execute();
    await sql`update poison_warnings set confirmed_at = last_activity_at where status = 'confirmed' or confirmed_count >= 3`.execute(db);
    await db.schema.createIndex('poison_warnings_city_idx').on('poison_warnings').columns(['city_slug', 'created_at']).execute();
    await db.schema.createIndex('poison_warnings_city_todo_idx').on('poison_warnings').columns(['city_checked_at', 'id']).execute();
  });
}
