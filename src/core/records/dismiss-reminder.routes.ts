import { dateInZone } from '../clock.js';
import type { AppContext } from '../context.js';
import { conflict, notFound } from '../http/route/errors.js';
import type { Routes } from '../http/route/route.js';
import { routeGroup } from '../http/route/route-group.js';
import { dismissOverdue, isOverdueTable } from './overdue.repo.js';
import { getRecord, loadRecord, type RecordKind } from './record-kind.js';

/**
 * `POST /api/dogs/{dogId}/<path>/{id}/dismiss-reminder` for a kind with overdue reminders (vaccinations, care
 * routines): the owner ends the reminders of the record's current due date ("Erinnerung ausblenden"). Owner only;
 * 401/403/404 by the ownership rule, 404 for a record of another dog, 409 `not_overdue` while it is not due yet.
 */
export function dismissReminderRoute<Item extends { id: number; dog_id: number }>(ctx: AppContext, routes: Routes, kind: RecordKind<Item>): void {
  if (!isOverdueTable(kind.table)) throw new Error(`dismiss-reminder: ${kind.table} keeps no overdue reminders (migration 0045)`);
  const table = kind.table;
  const api = routeGroup(routes, { tags: [kind.tag], access: 'user' });
  api.post(
    `/api/dogs/:dogId/${kind.path}/:id/dismiss-reminder`,
    `${kind.names.one}: Erinnerung an die Überfälligkeit ausblenden (bis zum nächsten Fälligkeitstag)`,
    {
      responses: {
        200: [`${kind.names.one} mit reminder_dismissed_due`, kind.item],
        403: 'Kein Zugriff (nur die Halterin oder der Halter)',
        404: `${kind.names.one} oder Hund gibt es nicht`,
        409: 'Noch nicht fällig (not_overdue)',
      },
      run: async ({ params, actor }) => {
        const record = await loadRecord(ctx, actor, kind, params.id, 'manage');
        if (record.dog_id !== params.dogId) throw notFound(kind.wording.missing);
        const due = typeof record.next_due === 'string' ? record.next_due : null;
        if (!due || due > dateInZone(ctx.clock.now(), ctx.config.timeZone))
          throw conflict('Das ist noch nicht fällig: Es gibt keine Erinnerung auszublenden.', 'not_overdue');
        await dismissOverdue(ctx.db, table, record.id, due);
        return getRecord(ctx, actor, kind, record.id);
      },
    },
  );
}
