import { DAY } from '#core/clock.js';
import type { Job } from '#core/context.js';
import { purgeUses } from './ai-usage.repo.js';

/** Daily at 03:45: usage rows older than 40 days count for no quota any more (the longest window is a month). */
export const purgeAiUsageJob: Job = {
  name: 'ai.purge-usage',
  schedule: '45 3 * * *',
  run: (ctx) => purgeUses(ctx.db, new Date(ctx.clock.now().getTime() - 40 * DAY).toISOString()),
};
