import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DAY } from '../../../core/clock.js';
import type { Job } from '../../../core/context.js';
import { diaryMediaUrlPrefix } from '../../../core/media/paths.js';
import { removeFile } from '../../../core/media/storage.js';
import { mediaUrlsOfDog } from './media.repo.js';

/**
 * A diary upload moves its finished files into place and then writes their rows; a crash in between leaves photos
 * that no row names (issue 16). Nightly, files in the diary folders that no diary_media row points at are removed
 * once they are older than a day, so an upload that is still between its two steps is never touched.
 */
export const ORPHAN_GRACE_MS = DAY;

const numericDirs = async (dir: string): Promise<number[]> =>
  (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((d) => d.isDirectory() && /^\d+$/.test(d.name)).map((d) => Number(d.name));

export const sweepOrphanedDiaryFilesJob: Job = {
  name: 'diary.sweep-orphaned-files',
  schedule: '20 4 * * *',
  async run({ db, clock, config, log }) {
    const cutoff = clock.now().getTime() - ORPHAN_GRACE_MS;
    let removed = 0;
    for (const userId of await numericDirs(join(config.mediaDir, 'u'))) {
      for (const dogId of await numericDirs(join(config.mediaDir, 'u', String(userId), 'dogs'))) {
        const dir = join(config.mediaDir, 'u', String(userId), 'dogs', String(dogId), 'diary');
        const names = await readdir(dir).catch(() => [] as string[]);
        if (names.length === 0) continue;
        const kept = await mediaUrlsOfDog(db, dogId);
        const prefix = diaryMediaUrlPrefix(userId, dogId);
        for (const name of names) {
          if (kept.has(prefix + name)) continue;
          const info = await stat(join(dir, name)).catch(() => undefined);
          if (!info?.isFile() || info.mtimeMs >= cutoff) continue;
          await removeFile(join(dir, name));
          removed++;
        }
      }
    }
    if (removed > 0) log.warn({ removed }, 'diary files without a row removed');
    return removed;
  },
};
