import type { Job } from '../../context.js';
import { purgeExpiredCounters } from './rate-limit.repo.js';

/** Ended rate-limit windows are never read again; keep the table small. */
export const purgeRateLimitCountersJob: Job = {
  name: 'rate-limits.purge',
  schedule: '23 * * * *',
  run: ({ db, clock }) => purgeExpiredCounters(db, clock.now().getTime()),
};
