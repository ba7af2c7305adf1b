import type { AppContext } from '#core/context.js';
import { welcomeKindOf } from '../map-layers/index.js';
import { unreadVenues, updateContribution } from './map-contrib.repo.js';
import { decideOnElements } from './element-reads.js';
import type { OsmElement } from './osm-api.client.js';

/**
 * The venues of taps stored while OpenStreetMap was unreachable (issue 32), read by the 03:40 job before its
 * uploads: an element of an offered kind keeps its contribution (kind, name and position from OpenStreetMap now, no
 * longer the map's), any other kind is rejected `not_offered`, a missing or deleted one `deleted`. An unreachable
 * API leaves them for the next night (after 3 failed reads in a row the check stops). Reads need no token, so this
 * runs without OSM_ACCESS_TOKEN too.
 */

/** Reads per run; the rest waits a night. */
const MAX_READS_PER_RUN = 100;

export interface VenueCheck {
  decided: number;
  /** The elements read for contributions that stay: their upload needs no second read. */
  read: Map<number, OsmElement>;
}

export async function checkUnreadVenues(ctx: AppContext): Promise<VenueCheck> {
  const elements = new Map<number, OsmElement>();
  const decided = await decideOnElements(ctx, await unreadVenues(ctx.db, MAX_READS_PER_RUN), 'venue check', async (row, read) => {
    const at = ctx.clock.now().toISOString();
    const kind = read.state === 'ok' ? welcomeKindOf(read.element.tags) : null;
    if (read.state !== 'ok' || !kind) {
      await updateContribution(ctx.db, row.id, {
        status: 'rejected',
        reason: read.state === 'ok' ? 'not_offered' : 'deleted',
        last_error: null,
        updated_at: at,
      });
    } else {
      const { element } = read;
      await updateContribution(ctx.db, row.id, {
        venue_kind: kind,
        venue_name: element.tags.name?.slice(0, 255) ?? row.venue_name,
        lat: element.type === 'node' ? element.lat : null,
        lon: element.type === 'node' ? element.lon : null,
        venue_read_at: at,
        last_error: null,
        updated_at: at,
      });
      elements.set(row.id, element);
    }
  });
  return { decided, read: elements };
}
