import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { PageQuery } from '#core/http/route/pagination.js';
import { ReportBody, UserReportList, ResolveBody, userToReport, reportUser, userReportQueue, resolveUserReport } from './user-reports.js';

export function userReportRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Freunde'], access: 'user' });
  api.post('/api/users/:id/report', 'Eine Person der Moderation melden (einmal pro Person)', {
    authorize: ({ params, actor }) => userToReport(ctx, actor, params.id),
    body: ReportBody,
    before: [ctx.limits.contentReport],
    responses: { 204: 'Gemeldet', 403: 'E-Mail nicht bestätigt', 404: 'Person gibt es nicht', 409: 'Du selbst', 429: 'Zu viele Meldungen' },
    run: ({ params, body, actor }) => reportUser(ctx, actor, params.id, body.reason),
  });

  const staff = routeGroup(routes, { tags: ['Moderation'], access: 'staff' });
  staff.get('/api/moderation/user-reports', 'Gemeldete Personen, älteste zuerst, seitenweise (nur Moderation)', {
    query: PageQuery,
    responses: { 200: ['Eine Seite Meldungen', UserReportList] },
    run: ({ query, actor }) => userReportQueue(ctx, actor, query),
  });
  staff.post('/api/moderation/user-reports/:id/resolve', 'Meldung erledigen: verwerfen oder das Konto sperren', {
    body: ResolveBody,
    responses: { 204: 'Erledigt', 403: 'Admins und Moderatoren sperrt nur ein Admin', 404: 'Meldung gibt es nicht', 409: 'Eigenes Konto' },
    run: ({ params, body, actor }) => resolveUserReport(ctx, actor, params.id, body.action),
  });
}
