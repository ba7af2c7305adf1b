import { ownDogIds } from '#core/auth/ownership.repo.js';
import type { ExportSection } from '#core/export/index.js';
import type { Entry } from './diary.schemas.js';
import { listEntryRows, withMedia } from './entries.repo.js';

/** Entries a page while walking a diary: 5,000 entries are ten steps, never all in one query. */
const PAGE = 500;

/** The user's own dogs' entries with their photos, page by page (newest first, as the diary lists them). */
async function* entryPages(ctx: Parameters<ExportSection>[0], dogIds: number[]): AsyncGenerator<Entry[]> {
  let after: { d: string; id: number } | undefined;
  for (;;) {
    const rows = await listEntryRows(ctx.db, dogIds, PAGE, { after });
    if (rows.length) yield await withMedia(ctx.db, rows);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = { d: last.date, id: last.id };
  }
}

/**
 * The diaries of the user's own dogs: `daten/tagebuch.json` (the API's entries, with their photos' metadata) and
 * every photo in full size as the app keeps it under `medien/tagebuch/<date> <entry id>-<n>.<ext>`. Both are read
 * only when the ZIP reaches them (the JSON page by page, the photos from the store), so 5,000 entries and 2,000 photos
 * pass through a small, steady amount of memory. A caregiver's entries on the user's dogs belong to the dog, so they
 * are in; the user's entries on others' dogs belong to those owners' exports.
 */
export const diaryExport: ExportSection = async (ctx, actor, out) => {
  const dogIds = await ownDogIds(ctx.db, actor.id);
  let any = false;
  for await (const page of entryPages(ctx, dogIds)) {
    any = true;
    for (const entry of page) {
      for (const [i, m] of entry.media.entries()) await out.media('medien/tagebuch', `${entry.date} ${entry.id}-${i + 1}`, m.url);
    }
  }
  if (any) out.jsonPages('daten', 'tagebuch.json', () => entryPages(ctx, dogIds));
};
