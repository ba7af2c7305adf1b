import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Breed wiki and help articles: reference data, owned by nobody (no user foreign keys).
 * Breeds are filled from reference/breeds.json by the loader at start, not here (house style).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('breeds'))
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_de', 'varchar(200)')
    // Lower-case, ASCII-folded display name: the sort key of every list (and its cursor).
    .addColumn('sort_name', 'varchar(200)', (c) => c.notNull())
    // Lower-case, ASCII-folded German, English and alternative names, separated by "|": what search matches.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('alt_names', 'text', (c) => c.notNull()) // JSON array
    .addColumn('wikidata_id', 'varchar(20)')
    .addColumn('fci_number', 'integer')
    .addColumn('fci_group', 'integer')
    .addColumn('fci_section_de', 'varchar(200)')
    .addColumn('fci_provisional', 'integer')
    .addColumn('origin_country_de', 'varchar(200)')
    .addColumn('size_class', 'varchar(10)')
    .addColumn('height_min_cm', 'double precision')
    .addColumn('height_max_cm', 'double precision')
    .addColumn('weight_min_kg', 'double precision')
    .addColumn('weight_max_kg', 'double precision')
    .addColumn('life_min_years', 'double precision')
    .addColumn('life_max_years', 'double precision')
    .addColumn('temperament', 'text', (c) => c.notNull()) // JSON array of English keywords
    .addColumn('coat', 'varchar(20)')
    .addColumn('traits', 'text') // JSON object of AKC category labels
    .addColumn('status', 'varchar(30)')
    .addColumn('parent_slugs', 'text', (c) => c.notNull()) // JSON array
    .addColumn('field_sources', 'text', (c) => c.notNull()) // JSON object
    .addColumn('description_de', 'text')
    // Fields filled by the AI enrichment job (JSON array of column groups), shown as AI-generated.
    .addColumn('ai_fields', 'text', (c) => c.notNull())
    .addColumn('ai_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ai_enriched_at', 'varchar(40)')
    // Hash of the source record: the loader rewrites a row only when the file changed it.
    .addColumn('source_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('breeds_sort_idx').on('breeds').columns(['sort_name', 'id']).execute();
  await db.schema.createIndex('breeds_fci_group_idx').on('breeds').column('fci_group').execute();
  await db.schema.createIndex('breeds_size_idx').on('breeds').column('size_class').execute();
  await db.schema.createIndex('breeds_enrich_idx').on('breeds').columns(['ai_enriched_at', 'ai_attempts']).execute();

  await withId(db, db.schema.createTable('help_articles'))
    .addColumn('category', 'varchar(100)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('help_articles_list_idx').on('help_articles').columns(['active', 'category', 'position']).execute();
}
