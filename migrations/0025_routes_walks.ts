import type { Kysely } from 'kysely';
import { DOUBLE, withId } from '#platform/db/migration-helpers.js';

/**
 * Routes and walks (issue 15): saved routes (a GeoJSON line), the log of counted route plans (20 a week), the
 * same-day plan cache, and walks with the dogs that came along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('routes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)')
    // A GeoJSON LineString ([lon, lat] positions), as planned or drawn.
    .addColumn('geometry_json', 'text', (c) => c.notNull())
    .addColumn('distance_m', 'integer', (c) => c.notNull())
    .addColumn('duration_s', 'integer')
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('routes_user_idx').on('routes').columns(['user_id', 'id']).execute();

  // One row per plan that counts toward the weekly allowance (not cached, not for premium users).
  await withId(db, db.schema.createTable('route_plans'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('planned_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('route_plans_user_idx').on('route_plans').columns(['user_id', 'planned_at']).execute();

  await db.schema
    .createTable('route_plan_cache')
    // profile, the points rounded to 5 decimals and the Berlin day: the same request on the same day.
    .addColumn('cache_key', 'varchar(1200)', (c) => c.primaryKey())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('geometry_json', 'text', (c) => c.notNull())
    .addColumn('distance_m', DOUBLE, (c) => c.notNull())
    .addColumn('duration_s', DOUBLE, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('route_plan_cache_day_idx').on('route_plan_cache').columns(['day']).execute();

  await withId(db, db.schema.createTable('walks'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('started_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('duration_min', 'integer', (c) => c.notNull())
    .addColumn('distance_m', 'integer')
    .addColumn('route_id', 'integer', (c) => c.references('routes.id').onDelete('set null'))
    // [[lat, lon], ...] recorded while the walk screen was open; null without positions.
    .addColumn('track_json', 'text')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('walks_user_idx').on('walks').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('walk_dogs')
    .addColumn('walk_id', 'integer', (c) => c.notNull().references('walks.id').onDelete('cascade'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('walk_dogs_pk', ['walk_id', 'dog_id'])
    .execute();
  await db.schema.createIndex('walk_dogs_dog_idx').on('walk_dogs').columns(['dog_id']).execute();
}
