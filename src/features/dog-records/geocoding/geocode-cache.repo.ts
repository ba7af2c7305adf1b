import type { Db } from '#core/db/index.js';

/** Place names per rounded position (geocode_cache), shared by every instance; null means "no name there". */

/** The cached answer, or undefined when this position was never asked. */
export async function cachedPlaceName(db: Db, key: string): Promise<{ name: string | null } | undefined> {
  return db.selectFrom('geocode_cache').select('name').where('key', '=', key).executeTakeFirst();
}

export async function cachePlaceName(db: Db, key: string, name: string | null, at: string): Promise<void> {
  await db
    .insertInto('geocode_cache')
    .values({ key, name, fetched_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
