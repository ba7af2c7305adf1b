import { z } from 'zod';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { appUrlOf, findGeoRow, geoRowTexts, removeGeoItem, type GeoKind } from '#core/geo-items/index.js';
import { notFound } from '#core/http/route/errors.js';
import { closeReports, findReport, openReportPage, type OpenReport } from '#core/reports/index.js';
import type { PageQuery } from '#core/http/route/pagination.js';
import { pageSchema } from '#core/http/route/pagination.js';
import { maskEmail } from '../../admin/admin-users/index.js';
import { GEO_KINDS } from './geo-kinds.js';

/** The moderators' queue of reported map items (poison warnings, lost dogs, listings …) and what they decide. */

const MapReport = z
  .object({
    id: z.number().int(),
    reason: z.string(),
    created_at: z.string(),
    reporter: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    item: z.object({
      kind: z.string().meta({ description: 'API-Pfad der Art (poison-warnings, lost-dogs, …)' }),
      kind_name: z.string(),
      id: z.number().int(),
      summary: z.string().nullable().meta({ description: 'Titel oder Beschreibung; null, wenn der Eintrag schon weg ist' }),
      photo_url: z.string().nullable(),
      url: z.string().meta({ description: 'Der Eintrag in der App' }),
    }),
  })
  .meta({ id: 'MapReport' });
export const MapReportList = pageSchema(MapReport).meta({ id: 'MapReportList' });
export const MapResolveBody = z.strictObject({ action: z.enum(['dismiss', 'delete']) }).meta({ id: 'MapResolveBody' });

/** Reports name a map item by its kind's table (core/reports). */
const REPORTED_TABLES = GEO_KINDS.map((k) => k.table);
const kindOf = (table: string): GeoKind | undefined => GEO_KINDS.find((k) => k.table === table);
/** What a moderator reads first: the title, the name or the start of the description. */
const SUMMARY_COLUMNS = ['title', 'name', 'description'];
/** Moderators see addresses masked as in the admin views; admins see them whole. */
const shown = (viewer: Actor, email: string) => (viewer.rolle === 'admin' ? email : maskEmail(email));

/** The open reports with their items: two queries however many reports and kinds (the items of all kinds in one). */
export function mapReportQueue(ctx: AppContext, viewer: Actor, query: PageQuery) {
  return openReportPage(ctx.db, REPORTED_TABLES, query, (rows) => withItems(ctx, viewer, rows));
}

async function withItems(ctx: AppContext, viewer: Actor, rows: OpenReport[]) {
  const wanted = GEO_KINDS.map((kind) => ({
    table: kind.table,
    columns: kind.columns,
    ids: rows.filter((r) => r.target_kind === kind.table).map((r) => r.target_id),
  }));
  const found = new Map((await geoRowTexts(ctx.db, wanted, SUMMARY_COLUMNS)).map((item) => [`${item.table}:${item.id}`, item]));
  const items = [];
  for (const r of rows) {
    const kind = kindOf(r.target_kind);
    if (!kind) continue;
    const item = found.get(`${kind.table}:${r.target_id}`);
    items.push({
      id: r.id,
      reason: r.reason,
      created_at: r.created_at,
      reporter: { id: r.reporter_id, name: r.reporter_name, email: shown(viewer, r.reporter_email) },
      item: {
        kind: kind.path,
        kind_name: kind.names.one,
        id: r.target_id,
        summary: item ? (item.text ?? '').slice(0, 200) : null,
        photo_url: item?.photo_url ?? null,
        url: appUrlOf(kind, r.target_id),
      },
    });
  }
  return items;
}

/** dismiss: the item stays; delete: the item goes (with its photo). Either way every open report of the item closes. */
export async function resolveMapReport(ctx: AppContext, viewer: Actor, reportId: number, action: 'dismiss' | 'delete'): Promise<void> {
  const report = await findReport(ctx.db, reportId, REPORTED_TABLES);
  const kind = report && kindOf(report.target_kind);
  if (!report || !kind) throw notFound('Diese Meldung gibt es nicht.');
  if (action === 'delete' && (await findGeoRow(ctx.db, kind.table, [], report.target_id))) await removeGeoItem(ctx, viewer, kind, report.target_id);
  await closeReports(ctx.db, kind.table, [report.target_id], viewer.id, action, ctx.clock.now().toISOString());
  ctx.log.info({ reportId, kind: kind.path, itemId: report.target_id, action, by: viewer.id }, 'map report resolved');
}
