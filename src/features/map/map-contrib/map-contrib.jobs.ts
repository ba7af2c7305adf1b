import type { AppContext, Job } from '#core/context.js';
import { waitingForUpload } from './map-contrib.repo.js';
import { attemptUpload } from './map-contrib.upload.js';
import { endExpiredGrants, grantDueBlocks } from './pro-grant.js';
import { checkSurvival } from './survival-check.js';
import { checkUnreadVenues } from './venue-check.js';

/** Uploads per night: one changeset each, well inside OpenStreetMap's edit rate for one account (upstreams §2.2). */
const MAX_UPLOADS_PER_RUN = 100;

/**
 * The 03:40 job (spec, Map contribution): venues tapped while OpenStreetMap was unreachable are read (kept or
 * rejected), uploads that never succeeded are tried once more (one attempt per contribution per run), uploads 7 days
 * old are checked, due Pro grants are made and ended ones wound down. Every step is safe to rerun: claims, state
 * conditions and the grant's unique key see to it.
 */
async function runDaily(ctx: AppContext): Promise<number> {
  const venues = await checkUnreadVenues(ctx);
  let handled = venues.decided;
  for (const { id } of await waitingForUpload(ctx.db, MAX_UPLOADS_PER_RUN)) {
    await attemptUpload(ctx, id, venues.read.get(id));
    handled++;
  }
  handled += await checkSurvival(ctx);
  handled += await grantDueBlocks(ctx);
  handled += await endExpiredGrants(ctx);
  return handled;
}

export const mapContributionsJob: Job = { name: 'map-contrib.daily', schedule: '40 3 * * *', run: runDaily };
