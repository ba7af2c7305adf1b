import type { Job } from '#core/context.js';
import { deleteOrphans } from './notes.repo.js';
import { PARENT_TABLES } from './parents.js';

/** Daily at 04:25: notes whose record was deleted (a note has no foreign key to its parent: there are eight kinds). */
export const sweepOrphanedNotesJob: Job = {
  name: 'notes.sweep-orphans',
  schedule: '25 4 * * *',
  async run(ctx) {
    let removed = 0;
    for (const { type, table } of PARENT_TABLES) removed += await deleteOrphans(ctx.db, type, table);
    return removed;
  },
};
