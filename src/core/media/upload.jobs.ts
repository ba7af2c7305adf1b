import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HOUR } from '../clock.js';
import type { Job } from '../context.js';
import { removeFile, stagingDir } from './storage.js';

/** Hourly: staged files older than an hour belong to no running request (a crash mid-upload left them). */
export const cleanStagingJob: Job = {
  name: 'media.clean-staging',
  schedule: '41 * * * *',
  async run(ctx) {
    const dir = stagingDir(ctx.config);
    const names = await readdir(dir).catch(() => [] as string[]);
    const cutoff = ctx.clock.now().getTime() - HOUR;
    let removed = 0;
    for (const name of names) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() && info.mtimeMs < cutoff) {
        await removeFile(path);
        removed++;
      }
    }
    return removed;
  },
};
