import type { Job } from '#core/context.js';
import { materialiseAll } from './materialise.js';

/**
 * Daily at 00:20: the occurrences of recurring expenses that fell due. Idempotent: an occurrence is one row per
 * (template, occurrence), guarded by a unique index, so a rerun or a second instance adds nothing twice.
 */
export const materialiseExpensesJob: Job = {
  name: 'expenses.materialise',
  schedule: '20 0 * * *',
  run: materialiseAll,
};
