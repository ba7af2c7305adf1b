import type { AppContext } from '#core/context.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { CalendarFeed, CalendarFeedStatus, FeedText, FeedTokenParams } from './calendar-feed.schemas.js';
import { feedOfToken, feedStatus, revokeFeed, rotateFeed, subscribe } from './calendar-feed.service.js';

const tags = ['Kalender-Feed'];

/** Decisions, Calendar feed: switch on (or show), renew, switch off; the public feed behind its secret address. */
export function calendarFeedRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/me/calendar-feed', 'Dein Kalender-Feed: die Adresse, oder null, wenn er aus ist', {
    responses: { 200: ['Stand', CalendarFeedStatus] },
    run: ({ actor }) => feedStatus(ctx, actor),
  });
  api.post('/api/me/calendar-feed', 'Kalender-Feed einschalten (oder die bestehende Adresse zeigen)', {
    responses: { 200: ['Die Feed-Adresse', CalendarFeed] },
    run: ({ actor }) => subscribe(ctx, actor),
  });
  api.post('/api/me/calendar-feed/rotate', 'Neue Feed-Adresse; die alte gilt ab sofort nicht mehr', {
    responses: { 200: ['Die neue Feed-Adresse', CalendarFeed], 404: 'Der Feed ist aus' },
    run: ({ actor }) => rotateFeed(ctx, actor),
  });
  api.delete('/api/me/calendar-feed', 'Kalender-Feed ausschalten; die Adresse gilt ab sofort nicht mehr', {
    responses: { 204: 'Ausgeschaltet', 404: 'Der Feed ist schon aus' },
    run: ({ actor }) => revokeFeed(ctx, actor),
  });
  route(
    routes,
    {
      method: 'get',
      path: '/kalender/:token.ics',
      operationId: 'getCalendarFeedIcs',
      summary: 'Der Kalender-Feed (für Kalender-Apps; die Adresse ist das Geheimnis)',
      tags,
      access: 'public',
      params: FeedTokenParams,
      before: [ctx.limits.calendarFeed],
      responses: {
        200: { description: 'Die Termine als iCalendar', contentType: 'text/calendar', schema: FeedText },
        404: { description: 'Unbekannte, erneuerte oder ausgeschaltete Adresse' },
        429: { description: 'Zu oft abgerufen (60 Mal in der Stunde je Adresse)' },
      },
    },
    async ({ params }, _req, res) => {
      const text = await feedOfToken(ctx, params.token);
      setCache(res, 'privatePage');
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      res.setHeader('Content-Disposition', 'inline; filename="pfotenbuch.ics"');
      res.type('text/calendar; charset=utf-8').send(text);
    },
  );
}
