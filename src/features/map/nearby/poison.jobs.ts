import { DAY } from '#core/clock.js';
import type { Job } from '#core/context.js';
import { archiveWarnings } from './nearby.repo.js';
import { ARCHIVE_AFTER_DAYS } from './poison.js';

/** Daily at 03:15: warnings without a report or confirmation for 14 days are archived (one UPDATE, idempotent). */
export const archivePoisonWarningsJob: Job = {
  name: 'poison-warnings.archive',
  schedule: '15 3 * * *',
  run: (ctx) => archiveWarnings(ctx.db, new Date(ctx.clock.now().getTime() - ARCHIVE_AFTER_DAYS * DAY).toISOString(), ctx.clock.now().toISOString()),
};
