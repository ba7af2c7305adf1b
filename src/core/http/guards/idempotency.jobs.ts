import type { Job } from '../../context.js';
import { RETENTION_MS } from './idempotency.js';
import { purgeKeysBefore } from './idempotency.repo.js';

/** Idempotency keys are kept 7 days (decisions: Offline writes); a queue that waited longer sends a new request. */
export const purgeIdempotencyKeysJob: Job = {
  name: 'idempotency-keys.purge',
  schedule: '29 * * * *',
  run: ({ db, clock }) => purgeKeysBefore(db, new Date(clock.now().getTime() - RETENTION_MS).toISOString()),
};
