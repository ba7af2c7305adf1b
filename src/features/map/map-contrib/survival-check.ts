import type { AppContext } from '#core/context.js';
import { dueForSurvivalCheck, updateContribution } from './map-contrib.repo.js';
import { readElement } from './osm-api.client.js';

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
/** After this many failed reads in a row the API is down: stop asking tonight. */
const MAX_FAILURES_IN_A_ROW = 3;

export async function checkSurvival(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await dueForSurvivalCheck(ctx.db, new Date(now.getTime() - SURVIVAL_DAYS * DAY_MS).toISOString(), MAX_CHECKS_PER_RUN);
  let decided = 0;
  let failures = 0;
  for (const row of due) {
    const read = await readElement(ctx, row.osm_type, row.osm_id).catch((err: unknown) => {
      ctx.log.warn({ err, contribution: row.id }, 'survival check could not read the element');
      return null;
    });
    if (!read) {
      if (++failures >= MAX_FAILURES_IN_A_ROW) break;
      continue;
    }
    failures = 0;
    const at = ctx.clock.now().toISOString();
    if (read.state === 'ok' && read.element.tags.dog === 'yes') {
      await updateContribution(ctx.db, row.id, { status: 'confirmed', checked_at: at, updated_at: at });
    } else {
      await updateContribution(ctx.db, row.id, { status: 'rejected', reason: read.state === 'ok' ? 'reverted' : 'deleted', checked_at: at, updated_at: at });
    }
    decided++;
  }
  return decided;
}
