import { sql } from 'kysely';
import type { Db } from '#core/db/index.js';

/** The readiness probe's one query: true when the database answers. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
