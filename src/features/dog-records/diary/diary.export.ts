import { existsSync } from 'node:fs';
import { ownDogIds } from '../../../core/auth/ownership.repo.js';
import type { ExportSection } from '../../../core/export/index.js';
import { mediaFilePath } from '../../../core/media/storage.js';
import type { Entry } from './diary.schemas.js';
import { listEntryRows, withMedia } from './entries.repo.js';

/** Entries a page while walking a diary: 5,000 entries are ten steps, never all in one query. */
const PAGE = 500;

/**
 * The diaries of the user's own dogs: `daten/tagebuch.json` (the API's entries, with their photos' metadata) and
 * every photo in full size as the app keeps it under `medien/tagebuch/<date> <entry id>-<n>.<ext>`, read from disk only when
 * the ZIP reaches it. A caregiver's entries on the user's dogs belong to the dog, so they are in; the user's
 * entries on others' dogs belong to those owners' exports.
 */
export const diaryExport: ExportSection = async (ctx, actor, out) => {
  const dogIds = await ownDogIds(ctx.db, actor.id);
  const entries: Entry[] = [];
  let after: { d: string; id: number } | undefined;
  for (;;) {
    const rows = await listEntryRows(ctx.db, dogIds, PAGE, { after });
    const page = await withMedia(ctx.db, rows);
    entries.push(...page);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    after = { d: last.date, id: last.id };
  }
  if (entries.length === 0) return;
  out.json('daten/tagebuch.json', entries);
  for (const entry of entries) {
    entry.media.forEach((m, i) => {
      const path = mediaFilePath(ctx.config.mediaDir, m.url);
      if (path && existsSync(path)) out.file(`medien/tagebuch/${entry.date} ${entry.id}-${i + 1}${path.slice(path.lastIndexOf('.'))}`, path);
    });
  }
};
