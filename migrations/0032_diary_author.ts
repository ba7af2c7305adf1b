import { sql, type Kysely } from 'kysely';

/**
 * Who wrote a diary entry (issue 26, decisions: caregivers add entries under their own name). Every entry so far
 * was written by its dog's owner as far as the app can tell, so the owner is filled in. An author who deletes their
 * account leaves their entries on the dog without a name (set null), as a caregiver's entries belong to the dog.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('diary_entries')
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`update diary_entries set author_id = (select dogs.user_id from dogs where dogs.id = diary_entries.dog_id)`.execute(db);
}
