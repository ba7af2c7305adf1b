import { MINUTE } from '#core/clock.js';
import type { Job } from '#core/context.js';
import { exportKey } from '#core/media/paths.js';
import { buildExport } from './export-builder.js';
import { claimNextExport, deleteExportRow, expiredExports } from './exports.repo.js';

/** A build running longer than this is taken to be dead (its server went away) and is claimed again. */
const STALE_MS = 30 * MINUTE;
/** Exports built per run: a run a minute keeps the queue short without hogging one instance. */
const PER_RUN = 2;

/** Every minute (decisions: started within a minute of the request): builds queued exports, one at a time. */
export const buildExportsJob: Job = {
  name: 'exports.build',
  schedule: '* * * * *',
  async run(ctx) {
    let built = 0;
    for (let i = 0; i < PER_RUN; i++) {
      const now = ctx.clock.now();
      const row = await claimNextExport(ctx.db, now.toISOString(), new Date(now.getTime() - STALE_MS).toISOString());
      if (!row) break;
      if (await buildExport(ctx, row)) built++;
    }
    return built;
  },
};

/** Hourly: exports past their 7 days go, file and row. */
export const expireExportsJob: Job = {
  name: 'exports.expire',
  schedule: '20 * * * *',
  async run(ctx) {
    const expired = await expiredExports(ctx.db, ctx.clock.now().toISOString());
    for (const e of expired) {
      if (e.file) await ctx.media.remove([exportKey(e.user_id, e.file)]);
      await deleteExportRow(ctx.db, e.id);
    }
    return expired.length;
  },
};
