import { z } from 'zod';
import { addDays, dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { CSP_REPORT_PATH } from '#core/http/csp.js';
import { parseCspReports } from '#core/http/csp-report-parse.js';
import { addCspViolations, cspReportGroups } from '#core/http/csp-reports.repo.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { cspReportBody } from './csp-report-body.js';

/** The admin list covers the last 30 days (the digest deletes counted rows after that), at most 200 kinds. */
const LIST_DAYS = 30;
const LIST_LIMIT = 200;

const CspReportGroup = z
  .object({
    directive: z.string().meta({ description: 'Die verletzte Regel, z. B. style-src-elem' }),
    blocked: z.string().meta({ description: 'Was blockiert wurde: eine Adresse (eigene ohne Herkunft), inline, eval, data' }),
    page: z.string().meta({ description: 'Die Seite, ohne Abfrage; Zahlen und Kennungen als :id' }),
    count: z.number().int(),
    first_at: z.string(),
    last_at: z.string(),
  })
  .meta({ id: 'CspReportGroup' });

export function cspReportsRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['System'], access: 'public' });
  api.post(CSP_REPORT_PATH, 'CSP-Verstoß melden (schicken die Browser selbst: application/csp-report oder application/reports+json)', {
    before: [ctx.limits.cspReport, cspReportBody],
    responses: { 204: 'Angenommen', 413: 'Größer als 16 KB', 429: 'Zu viele Meldungen von dieser Adresse' },
    run: async (_input, req) => {
      const violations = parseCspReports(req.body, new URL(ctx.config.publicUrl).origin);
      if (violations.length) {
        const now = ctx.clock.now();
        await addCspViolations(ctx.db, dateInZone(now, ctx.config.timeZone), now.toISOString(), violations);
      }
    },
  });
  api.get('/api/admin/csp-reports', 'CSP-Meldungen der letzten 30 Tage, nach Art gruppiert und gezählt', {
    tags: ['Verwaltung'],
    access: 'admin',
    responses: { 200: ['Liste, häufigste zuerst', z.object({ items: z.array(CspReportGroup) })] },
    run: async (_input) => {
      const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
      return { items: await cspReportGroups(ctx.db, addDays(today, -LIST_DAYS), LIST_LIMIT) };
    },
  });
}
