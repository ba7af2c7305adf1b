import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { PageQuery } from '#core/http/route/pagination.js';
import { ReportBody, MessageReportList, ResolveBody, messageToReport, reportMessage, messageReportQueue, resolveMessageReport } from './message-reports.js';

export function messageReportRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Nachrichten'], access: 'user' });
  api.post('/api/messages/:id/report', 'Eine Nachricht, die du bekommen hast, der Moderation melden (einmal pro Nachricht)', {
    authorize: ({ params, actor }) => messageToReport(ctx, actor, params.id),
    body: ReportBody,
    before: [ctx.limits.contentReport],
    responses: {
      204: 'Gemeldet',
      403: 'Nicht an dich (oder E-Mail nicht bestätigt)',
      404: 'Nachricht gibt es nicht',
      409: 'Eigene Nachricht',
      429: 'Zu viele Meldungen',
    },
    run: ({ params, body, actor }) => reportMessage(ctx, actor, params.id, body.reason),
  });

  const staff = routeGroup(routes, { tags: ['Moderation'], access: 'staff' });
  staff.get('/api/moderation/message-reports', 'Gemeldete Nachrichten mit ihrem Zusammenhang, älteste zuerst, seitenweise (nur Moderation)', {
    query: PageQuery,
    responses: { 200: ['Eine Seite Meldungen', MessageReportList] },
    run: ({ query, actor }) => messageReportQueue(ctx, actor, query),
  });
  staff.post('/api/moderation/message-reports/:id/resolve', 'Meldung erledigen: verwerfen oder die Absenderin/den Absender sperren', {
    body: ResolveBody,
    responses: { 204: 'Erledigt', 403: 'Admins und Moderatoren sperrt nur ein Admin', 404: 'Meldung gibt es nicht', 409: 'Eigenes Konto' },
    run: ({ params, body, actor }) => resolveMessageReport(ctx, actor, params.id, body.action),
  });
}
