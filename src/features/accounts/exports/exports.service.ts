import { forbidden, notFound, conflict, tooManyRequests } from '#core/http/route/errors.js';
import type { Actor } from '#core/auth/session-user.js';
import { DAY } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { lockRow } from '#core/db/row-lock.js';
import { exportKey } from '#core/media/paths.js';
import { exportsOf, findExport, insertExport, latestRequestSince, type ExportRow } from './exports.repo.js';

export interface ExportView {
  id: number;
  status: ExportRow['status'];
  size_bytes: number | null;
  requested_at: string;
  expires_at: string | null;
}

const view = (r: ExportRow): ExportView => ({ id: r.id, status: r.status, size_bytes: r.size_bytes, requested_at: r.requested_at, expires_at: r.expires_at });

/** Decisions: at most one export a day (a failed one does not count); the job starts it within a minute. */
export async function requestExport(ctx: AppContext, actor: Actor): Promise<ExportView> {
  const now = ctx.clock.now();
  // Looked for and inserted under the user row's lock: two requests at once cannot both be the day's export.
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', actor.id);
    const last = await latestRequestSince(trx, actor.id, new Date(now.getTime() - DAY).toISOString());
    if (last) {
      const wait = (Date.parse(last.requested_at) + DAY - now.getTime()) / 1000;
      throw tooManyRequests('Du kannst einen Datenexport pro Tag anfordern. Den von heute findest du unten in der Liste.', wait, 'export_daily_limit');
    }
    return insertExport(trx, actor.id, now.toISOString());
  });
  return view(row);
}

export async function listExports(ctx: AppContext, actor: Actor): Promise<{ items: ExportView[] }> {
  return { items: (await exportsOf(ctx.db, actor.id)).map(view) };
}

/** The ZIP of a ready export, for its owner only (403 for another's, 404 for none, 409 while it is being built). */
export async function exportFile(ctx: AppContext, actor: Actor, id: number): Promise<{ key: string; name: string }> {
  const row = await findExport(ctx.db, id);
  if (!row) throw notFound('Diesen Export gibt es nicht (mehr).');
  if (row.user_id !== actor.id) throw forbidden('Dieser Export gehört jemand anderem.');
  if (row.status !== 'ready' || !row.file) throw conflict('Der Export ist noch nicht fertig.', 'export_not_ready');
  const day = row.requested_at.slice(0, 10);
  return {
    key: exportKey(row.user_id, row.file),
    name: `${ctx.config.appName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-export-${day}.zip`,
  };
}
