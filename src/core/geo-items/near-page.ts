import { z } from 'zod';
import type { Db } from '../db/index.js';
import { boundingBox } from '../geo/bounding-box.js';
import { distanceKm, EARTH_RADIUS_KM, roundKm } from '../geo/distance.js';
import { Latitude, Longitude, NearQuery, RADIUS_KM } from '../geo/near-query.js';
import { badRequest } from '../http/route/errors.js';
import { keysetPage, PageQuery, type CursorRule, type Page } from '../http/route/pagination.js';
import { rowsInBox, stepInBox, type GeoCursor, type GeoRow, type NearScope } from './geo-items.repo.js';

/** A nearby list's page size: today's answers held the nearest 200, so a page without `limit` still does. */
export const NEAR_PAGE_MAX = 200;

/** `?lat=&lon=&radius_km=` plus `limit` (1–200, default 200) and the `cursor` of the previous page. */
export const NearPageQuery = NearQuery.extend({
  limit: PageQuery.shape.limit.unwrap().default(NEAR_PAGE_MAX),
  cursor: PageQuery.shape.cursor,
});
export type NearPageQuery = z.infer<typeof NearPageQuery>;

/** The radius of the lists that answer in their own order without a position (places, routes, walks): 1–200 km. */
const ListRadiusKm = z.coerce
  .number({ error: 'Bitte gib einen Umkreis in Kilometern an.' })
  .min(1, 'Der Umkreis ist mindestens 1 km.')
  .max(RADIUS_KM.max, `Der Umkreis darf höchstens ${RADIUS_KM.max} km sein.`);

/**
 * `lat`, `lon` and `radius_km` of a list that answers nearest first with a position and in its own order without
 * (decisions, "What users tripped over (wave 4)"): extend a list's query with them, then ask `nearSearchOf`.
 */
export const OptionalNear = {
  lat: Latitude.optional().meta({ description: 'Mit lon: nächste zuerst, mit distance_km' }),
  lon: Longitude.optional(),
  radius_km: ListRadiusKm.optional().meta({ description: `Umkreis in km (1–${RADIUS_KM.max}, Standard ${RADIUS_KM.default}); nur mit lat und lon` }),
};

/** The distance search a list's query asks for, or undefined without a position; half a position is 400. */
export function nearSearchOf(query: {
  lat?: number | undefined;
  lon?: number | undefined;
  radius_km?: number | undefined;
  limit: number;
  cursor?: string | undefined;
}): NearPageQuery | undefined {
  const { lat, lon, radius_km } = query;
  if (lat === undefined && lon === undefined) {
    if (radius_km !== undefined) throw badRequest('Ein Umkreis braucht eine Position.', { lat: 'Bitte gib lat und lon an.' });
    return undefined;
  }
  if (lat === undefined || lon === undefined)
    throw badRequest('Bitte gib Breiten- und Längengrad zusammen an.', lat === undefined ? { lat: 'Fehlt.' } : { lon: 'Fehlt.' });
  return { lat, lon, radius_km: radius_km ?? RADIUS_KM.default, limit: query.limit, cursor: query.cursor };
}

type Row = GeoRow & { dist: number };
/** A row with its great-circle distance in km. */
type Hit = { row: Row; km: number };
const geoCursor: CursorRule<GeoCursor, Row> = {
  schema: z.object({ d: z.number().min(0), id: z.number().int() }),
  of: (row) => ({ d: row.dist, id: row.id }),
};

/** The first step's radius at least (a box of a few hundred metres holds a page only in a crowded place). */
const FIRST_STEP_KM = 0.25;

/** The fewest rows a step must have found for the next step to be sized by their density. */
const DENSITY_SAMPLE = 8;

/** Rows read beyond a small page in the last step, for the rim (see below). */
const RIM_MARGIN = 200;

const deg = (rad: number) => (rad * 180) / Math.PI;

/**
 * The largest SQL distance (`nearDistance`, squared degrees) a point within `radiusKm` can have, so the SQL can
 * leave the box's corners out; undefined where the circle reaches a pole (no bound there).
 * Why it holds: hav(d) = hav(Δφ) + cos φ0 cos φ hav(Δλ) ≤ hav(a), and x²/4 (1 − x²/12) ≤ hav(x) ≤ x²/4, with
 * cos φ ≥ cos(|φ0| + a) =: cos φ0 / q; so Δφ² + cos²φ0 Δλ² ≤ q a² / (1 − Δλmax²/12).
 */
export function circleBound(center: { lat: number }, radiusKm: number): number | undefined {
  const a = radiusKm / EARTH_RADIUS_KM;
  const phi0 = (Math.abs(center.lat) * Math.PI) / 180;
  if (phi0 + a >= Math.PI / 2 - 1e-6) return undefined;
  const q = Math.cos(phi0) / Math.cos(phi0 + a);
  const dLonMax = Math.asin(Math.min(1, Math.sin(a) / Math.cos(phi0 + a)));
  return ((q * deg(a) ** 2) / (1 - dLonMax ** 2 / 12)) * (1 + 1e-9);
}

/**
 * One page of the rows within `query.radius_km`, nearest first (keyset on the SQL distance and id), each with
 * `distance_km` (great-circle, 0.1 km). In a crowded place the search starts small and widens (from 1/32 of the
 * radius, by the density it found, up to 1/2): a step that holds a full page within its own SQL distance has the page's nearest rows, since every row
 * farther out in the box has a larger distance; so the database sorts a few hundred rows instead of a whole box.
 * On SQLite a step first asks the R*Tree alone (geo-items.repo.ts, stepInBox): one that holds fewer than a page reads
 * no row, and the rows of one that does are read for the page only.
 * Steps the cursor has already passed are skipped.
 */
export function nearPage(
  db: Db,
  table: string,
  columns: readonly string[],
  hidden: { column: string; values: readonly string[] } | undefined,
  query: NearPageQuery,
  scope: NearScope = {},
): Promise<Page<Row & { distance_km: number }>> {
  const center = { lat: query.lat, lon: query.lon };
  const bound = circleBound(center, query.radius_km);
  const withKm = (row: Row): Hit => ({ row, km: distanceKm(center, row) });
  const within = (rows: Row[]) => rows.map(withKm).filter((r) => r.km <= query.radius_km);

  const fetch = async (take: number, after: GeoCursor | undefined) => {
    // The steps adapt to the density (issue 52): a first small box, then one sized from the rows the last one held
    // (rows grow with the area, so the radius with the square root), at least twice and at most eight times as
    // wide. Where items crowd, the page fills in a box of a few hundred rows however many the city holds; where
    // they are few, two or three cheap steps reach half the radius as before. A step the R*Tree answered alone only
    // doubles (see below): a density read from a handful of entries misleads.
    for (let radius = Math.max(FIRST_STEP_KM, query.radius_km / 32); radius <= query.radius_km / 2;) {
      const reach = deg(radius / EARTH_RADIUS_KM) ** 2;
      if (after && after.d >= reach) {
        radius *= 2;
        continue;
      }
      const step = await stepInBox(
        db,
        table,
        columns,
        boundingBox(center, radius),
        center,
        take,
        hidden,
        { after, maxDist: Math.min(reach, bound ?? reach), fullOnly: true },
        scope,
      );
      const kept = step.rows ? within(step.rows) : [];
      if (kept.length === take) return kept;
      // A density read from a handful of rows misleads: a hole in a crowd (few shown rows right at the centre) would
      // blow the next box up to thousands. So a step with fewer than DENSITY_SAMPLE rows only doubles, and so does a
      // step the R*Tree answered alone (no row read: it cost little).
      const sized = step.rows && kept.length >= DENSITY_SAMPLE;
      radius *= sized ? Math.min(8, Math.max(2, Math.sqrt(take / kept.length) * 1.2)) : 2;
    }
    // The whole circle: the box's corners beyond the bound stay in SQL; what the bound lets in beyond the exact
    // circle (a thin rim, and rows the equirectangular order puts among it) is dropped here, and the next rows are
    // read behind it until the page is full. Each read sorts the whole box beyond the cursor, so it asks for a
    // margin of rows beyond the page (a rim of some dozens would otherwise cost a read or two more on a last page).
    const out: Hit[] = [];
    let from = after;
    const ask = Math.max(2 * take, RIM_MARGIN);
    for (;;) {
      const rows = await rowsInBox(db, table, columns, boundingBox(center, query.radius_km), center, ask, hidden, { after: from, maxDist: bound }, scope);
      out.push(...within(rows));
      const last = rows[rows.length - 1];
      if (!last || rows.length < ask || out.length >= take) return out.slice(0, take);
      from = { d: last.dist, id: last.id };
    }
  };

  return keysetPage(query, { schema: geoCursor.schema, of: (hit: Hit) => geoCursor.of(hit.row) }, fetch, ({ row, km }) => ({
    ...row,
    distance_km: roundKm(km),
  }));
}
