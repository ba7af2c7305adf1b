import type { Db } from '#core/db/index.js';

/** What a search hit shows of its entry: the text for the excerpt, and the first photo's preview. */
export function entriesForHits(db: Db, ids: number[]): Promise<{ id: number; dog_id: number; date: string; title: string | null; text: string }[]> {
  return db.selectFrom('diary_entries').select(['id', 'dog_id', 'date', 'title', 'text']).where('id', 'in', ids).execute();
}

/** The preview of each entry's first photo (by upload order). */
export async function firstPreviews(db: Db, entryIds: number[]): Promise<Map<number, string>> {
  const rows = await db.selectFrom('diary_media').select(['entry_id', 'preview_url']).where('entry_id', 'in', entryIds).orderBy('id').execute();
  const previewOf = new Map<number, string>();
  for (const p of rows) if (!previewOf.has(p.entry_id)) previewOf.set(p.entry_id, p.preview_url);
  return previewOf;
}
