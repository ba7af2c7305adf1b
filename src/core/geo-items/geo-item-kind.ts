import { routeGroup } from '../http/route/route-group.js';
import { z } from 'zod';
import { requireVerifiedEmail } from '../auth/guards.js';
import { requireOwner, type Wording } from '../auth/ownership.js';
import type { Actor } from '../auth/session-user.js';
import type { AppContext } from '../context.js';
import type { ExportSection } from '../export/index.js';
import { notFound } from '../http/route/errors.js';
import type { RateLimitName } from '../http/guards/rate-limit.js';
import type { Routes } from '../http/route/route.js';
import { IdParam } from '../http/route/schema-kit.js';
import type { Page } from '../http/route/pagination.js';
import { pageSchema } from '../http/route/pagination.js';
import { removeStoredMedia } from '../media/storage.js';
import { closeReports } from '../reports/index.js';
import { geoPhotoRoutes } from './geo-item-photo.js';
import { geoReportRoute } from './geo-item-report.js';
import { deleteGeoRow, findGeoRow, geoRowsOfUser, insertGeoRow, updateGeoRow, type GeoRow } from './geo-items.repo.js';
import { NEAR_PAGE_MAX, NearPageQuery, nearPage } from './near-page.js';

/**
 * The geo-listed community kinds (decisions, Community on the map): one definition per kind gives
 *   GET  /api/<path>?lat=&lon=&radius_km=   nearest first, each with distance_km, in keyset pages (near-page.ts)
 *   POST /api/<path>                        → 201 (verified email; a kind may add a rate limit)
 *   GET/PATCH/DELETE /api/<path>/{id}       the author changes and deletes; moderators delete too
 *   POST/DELETE /api/<path>/{id}/photo      one photo, by the author (geo-item-photo.ts)
 *   POST /api/<path>/{id}/report            a report to the moderators (geo-item-report.ts)
 * with OpenAPI from the same schemas. A new kind is a table with the frame, a definition and `geoKindRoutes`.
 */

type Body = Record<string, unknown>;

/** The frame every answer has: where, when, and whether the caller wrote it (authors stay anonymous otherwise). */
export const geoFrame = {
  id: z.number().int(),
  lat: z.number(),
  lon: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  photo_url: z.string().nullable(),
  mine: z.boolean(),
};

/**
 * A kind's `item` and `columns` from one list of its own answer fields: the item is geoFrame plus those fields
 * (the OpenAPI component `id`), the columns are their names in the same order, so the two cannot drift apart.
 */
export function geoItemOf(id: string, own: z.ZodRawShape): Pick<GeoKind, 'item' | 'columns'> {
  return { item: z.object({ ...geoFrame, ...own }).meta({ id }), columns: Object.keys(own) };
}

export interface GeoKind {
  /** The API path: /api/<path>. */
  path: string;
  /** The app's screen of one item, /app/<appPath>/<id> (push deep links, the moderation queue). */
  appPath: string;
  table: string;
  tag: string;
  names: { one: string; many: string };
  /** The answer of one item (with geoFrame); the list adds distance_km. */
  item: z.ZodObject;
  createBody: z.ZodObject;
  patchBody: z.ZodObject;
  /** The kind's own stored columns (the frame comes on its own). */
  columns: readonly string[];
  wording: Wording;
  /** Rows that nearby lists leave out (archived warnings, found dogs are still shown). */
  hidden?: { column: string; values: readonly string[] };
  /** A rate limit for creating (poison warnings: 3 an hour). */
  createLimit?: RateLimitName;
  /** Columns the server sets on create (a status, a timestamp). */
  initial?(ctx: AppContext, body: Body): Body;
  /** Rules across fields, on the record as it would be stored; may look things up (a dog of the author's). */
  check?(ctx: AppContext, actor: Actor, record: Body): Promise<void> | void;
  /** Columns the server derives from the record as it would be stored (found_at when a dog is found). */
  derive?(ctx: AppContext, record: Body): Body;
  /** The answer of GET /api/<path>/{id} when it says more than the item (playdates: their dogs). */
  detail?: { schema: z.ZodObject; load(ctx: AppContext, actor: Actor, id: number): Promise<unknown> };
  /** After the row is stored (pushes to people nearby). */
  afterCreate?(ctx: AppContext, actor: Actor, row: GeoRow): Promise<void>;
}

export function toGeoItem(kind: GeoKind, row: GeoRow, viewer: Actor): Record<string, unknown> {
  const { user_id, ...rest } = row;
  return {
    ...Object.fromEntries(kind.columns.map((c) => [c, rest[c] ?? null])),
    id: rest.id,
    lat: rest.lat,
    lon: rest.lon,
    created_at: rest.created_at,
    updated_at: rest.updated_at,
    photo_url: rest.photo_url ?? null,
    mine: user_id === viewer.id,
  };
}

export const appUrlOf = (kind: GeoKind, id: number) => `/app/${kind.appPath}/${id}`;

/** An anonymised row (its author's account is gone) belongs to nobody: id 0 matches no caller. */
export const owned = (row: GeoRow | undefined) => row && { ...row, user_id: row.user_id ?? 0 };

/**
 * One page of the kind's items within the radius, nearest first (keyset on distance and id: near-page.ts), each
 * with distance_km; `next_cursor` leads to the next page, null on the last.
 */
export async function listNear(ctx: AppContext, actor: Actor, kind: GeoKind, query: NearPageQuery) {
  return mapPage(await nearPage(ctx.db, kind.table, kind.columns, kind.hidden, query), (r) => ({ ...toGeoItem(kind, r, actor), distance_km: r.distance_km }));
}

const mapPage = <T, U>(page: Page<T>, map: (item: T) => U): Page<U> => ({ items: page.items.map(map), next_cursor: page.next_cursor });

export async function findGeoItem(ctx: AppContext, kind: GeoKind, id: number): Promise<GeoRow> {
  const row = await findGeoRow(ctx.db, kind.table, kind.columns, id);
  if (!row) throw notFound(kind.wording.missing);
  return row;
}

export async function createGeoItem(ctx: AppContext, actor: Actor, kind: GeoKind, body: Body) {
  requireVerifiedEmail(actor);
  const record = { ...body, ...kind.initial?.(ctx, body) };
  await kind.check?.(ctx, actor, record);
  const now = ctx.clock.now().toISOString();
  const row = await insertGeoRow(ctx.db, kind.table, kind.columns, {
    ...record,
    ...kind.derive?.(ctx, record),
    user_id: actor.id,
    created_at: now,
    updated_at: now,
  });
  await kind.afterCreate?.(ctx, actor, row);
  return toGeoItem(kind, row, actor);
}

/** Only who entered an item changes it or its photo (403); a missing one is 404. */
export async function requireAuthor(ctx: AppContext, actor: Actor, kind: GeoKind, id: number) {
  return requireOwner(actor, owned(await findGeoRow(ctx.db, kind.table, [], id)), kind.wording);
}

export async function changeGeoItem(ctx: AppContext, actor: Actor, kind: GeoKind, id: number, body: Body) {
  const old = requireOwner(actor, owned(await findGeoRow(ctx.db, kind.table, kind.columns, id)), kind.wording);
  const merged = { ...old, ...body };
  await kind.check?.(ctx, actor, merged);
  const row = await updateGeoRow(ctx.db, kind.table, kind.columns, id, { ...body, ...kind.derive?.(ctx, merged), updated_at: ctx.clock.now().toISOString() });
  if (!row) throw notFound(kind.wording.missing);
  return toGeoItem(kind, row, actor);
}

/** The author or a moderator deletes; the photo goes with it, and open reports of the item are closed. */
export async function removeGeoItem(ctx: AppContext, actor: Actor, kind: GeoKind, id: number): Promise<void> {
  const row = requireOwner(actor, owned(await findGeoRow(ctx.db, kind.table, kind.columns, id)), kind.wording, { staff: true });
  await deleteGeoRow(ctx.db, kind.table, id);
  await closeReports(ctx.db, kind.table, [id], actor.id, 'deleted', ctx.clock.now().toISOString());
  if (row.photo_url) await removeStoredMedia(ctx, [row.photo_url]);
}

/** Registers the kind's routes (see the module comment). */
/**
 * The user's own items of the kind as `daten/<path>.json` (the data export), in the API's shape, and each item's
 * photo as `medien/karte/<kind> <id>.<ext>` ("Giftköder-Warnung 12.webp").
 */
export function geoExportSection(kind: GeoKind): ExportSection {
  return async (ctx, actor, out) => {
    const rows = await geoRowsOfUser(ctx.db, kind.table, kind.columns, actor.id);
    if (!rows.length) return;
    out.json(
      'daten',
      `${kind.path}.json`,
      rows.map((row) => toGeoItem(kind, row, actor)),
    );
    for (const row of rows) if (row.photo_url) await out.media('medien/karte', `${kind.names.one} ${row.id}`, row.photo_url);
  };
}

export function geoKindRoutes(ctx: AppContext, routes: Routes, kind: GeoKind): void {
  ctx.exportSections.push(geoExportSection(kind));
  const tags = [kind.tag];
  const { one, many } = kind.names;
  const refused = { 403: { description: 'Nicht deins (oder E-Mail nicht bestätigt)' }, 404: { description: `${one} gibt es nicht` } };
  const list = pageSchema(kind.item.extend({ distance_km: z.number() }));
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get(`/api/${kind.path}`, `${many} in der Nähe, nächste zuerst, seitenweise (Umkreis 10 km, höchstens 200 km; ${NEAR_PAGE_MAX} je Seite)`, {
    query: NearPageQuery,
    responses: { 200: ['In der Nähe', list] },
    run: ({ query, actor }) => listNear(ctx, actor, kind, query),
  });
  api.post(`/api/${kind.path}`, `${one} melden`, {
    body: kind.createBody,
    before: kind.createLimit ? [ctx.limits[kind.createLimit]] : [],
    responses: { 201: ['Angelegt', kind.item], ...refused, 429: 'Zu viele Meldungen' },
    run: ({ body, actor }) => createGeoItem(ctx, actor, kind, body as Body),
  });
  api.get(`/api/${kind.path}/:id`, `${one} abrufen`, {
    params: IdParam,
    responses: { 200: [one, kind.detail?.schema ?? kind.item], ...refused },
    run: async ({ params, actor }) =>
      kind.detail ? await kind.detail.load(ctx, actor, params.id) : toGeoItem(kind, await findGeoItem(ctx, kind, params.id), actor),
  });
  api.patch(`/api/${kind.path}/:id`, `${one} ändern (nur wer es gemeldet hat)`, {
    params: IdParam,
    authorize: ({ params, actor }) => requireAuthor(ctx, actor, kind, params.id),
    body: kind.patchBody,
    responses: { 200: ['Geändert', kind.item], ...refused },
    run: ({ params, body, actor }) => changeGeoItem(ctx, actor, kind, params.id, body as Body),
  });
  geoPhotoRoutes(ctx, routes, kind);
  geoReportRoute(ctx, routes, kind);
  api.delete(`/api/${kind.path}/:id`, `${one} löschen (wer es gemeldet hat, oder die Moderation)`, {
    params: IdParam,
    responses: { 204: 'Gelöscht', ...refused },
    run: ({ params, actor }) => removeGeoItem(ctx, actor, kind, params.id),
  });
}
