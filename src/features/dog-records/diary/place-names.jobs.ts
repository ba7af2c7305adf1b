import { DAY } from '#core/clock.js';
import type { Job } from '#core/context.js';
import { recentUnnamedEntries } from './media.repo.js';
import { nameEntryPlace } from './media.service.js';

/** Entries a run names at most: Nominatim takes one request a second for the whole app. */
const PER_RUN = 40;

/**
 * Hourly: the place names that the lookup after an upload could not get (Nominatim down or busy, the server
 * restarted before it answered), for entries changed in the last day. A position Nominatim has no name for is
 * cached as such, so asking again costs nothing upstream.
 */
export const namePlacesJob: Job = {
  name: 'diary.name-places',
  schedule: '27 * * * *',
  async run(ctx) {
    if (!ctx.config.upstream.nominatimUrl) return 0;
    const since = new Date(ctx.clock.now().getTime() - DAY).toISOString();
    let named = 0;
    for (const id of await recentUnnamedEntries(ctx.db, since, PER_RUN)) if (await nameEntryPlace(ctx, id)) named++;
    return named;
  },
};
