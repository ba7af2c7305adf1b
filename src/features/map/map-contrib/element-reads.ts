import type { AppContext } from '#core/context.js';
import { readElement, type ElementRead, type OsmType } from './osm-api.client.js';

/** After this many failed reads in a row the API is down: stop asking tonight. */
const MAX_FAILURES_IN_A_ROW = 3;

/**
 * The nightly checks' reading loop: reads each contribution's element from OpenStreetMap, one after the other, and
 * hands it to `decide`. A failed read is logged (`check` names the check) and leaves its contribution pending for
 * the next night; after 3 failures in a row the rest wait too. Answers how many were decided.
 */
export async function decideOnElements<Row extends { id: number; osm_type: OsmType; osm_id: number }>(
  ctx: AppContext,
  rows: readonly Row[],
  check: string,
  decide: (row: Row, read: ElementRead) => Promise<void>,
): Promise<number> {
  let decided = 0;
  let failures = 0;
  for (const row of rows) {
    const read = await readElement(ctx, row.osm_type, row.osm_id).catch((err: unknown) => {
      ctx.log.warn({ err, contribution: row.id }, `${check} could not read the element`);
      return null;
    });
    if (!read) {
      if (++failures >= MAX_FAILURES_IN_A_ROW) break;
      continue;
    }
    failures = 0;
    await decide(row, read);
    decided++;
  }
  return decided;
}
