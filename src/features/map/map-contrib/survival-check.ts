import type { AppContext } from '#core/context.js';
import { dueForSurvivalCheck, updateContribution } from './map-contrib.repo.js';
import { decideOnElements } from './element-reads.js';

/**
 * "Survived 7 days" (decisions: Upstreams): 7 days after the upload, the element's current version still has
 * `dog=yes` → confirmed; `dog` removed or changed → rejected/reverted; the element deleted → rejected/deleted. An
 * unreachable API leaves the contribution pending for the next night. One read per contribution, once: the reads
 * belong to our own edits, which the OSM API usage policy allows (upstreams.md §2.3).
 */
export const SURVIVAL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Reads per run; the rest waits a night. */
const MAX_CHECKS_PER_RUN = 500;

export async function checkSurvival(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await dueForSurvivalCheck(ctx.db, new Date(now.getTime() - SURVIVAL_DAYS * DAY_MS).toISOString(), MAX_CHECKS_PER_RUN);
  return decideOnElements(ctx, due, 'survival check', async (row, read) => {
    const at = ctx.clock.now().toISOString();
    if (read.state === 'ok' && read.element.tags.dog === 'yes') {
      await updateContribution(ctx.db, row.id, { status: 'confirmed', checked_at: at, updated_at: at });
    } else {
      await updateContribution(ctx.db, row.id, { status: 'rejected', reason: read.state === 'ok' ? 'reverted' : 'deleted', checked_at: at, updated_at: at });
    }
  });
}
