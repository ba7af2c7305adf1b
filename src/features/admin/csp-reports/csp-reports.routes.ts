import { z } from 'zod';
import { addDays, dateInZone } from '../../../core/clock.js';
import type { AppContext } from '../../../core/context.js';
import { CSP_REPORT_PATH } from '../../../core/http/csp.js';
import { parseCspReports } from '../../../core/http/csp-report-parse.js';
import { addCspViolations, cspReportGroups } from '../../../core/http/csp-reports.repo.js';
import { route, type Routes } from '../../../core/http/route.js';
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
  route(
    routes,
    {
      method: 'post',
      path: CSP_REPORT_PATH,
      summary: 'CSP-Verstoß melden (schicken die Browser selbst: application/csp-report oder application/reports+json)',
      tags: ['System'],
      access: 'public',
      before: [ctx.limits.cspReport, cspReportBody],
      responses: {
        204: { description: 'Angenommen' },
        413: { description: 'Größer als 16 KB' },
        429: { description: 'Zu viele Meldungen von dieser Adresse' },
      },
    },
    async (_input, req, res) => {
      const violations = parseCspReports(req.body, new URL(ctx.config.publicUrl).origin);
      if (violations.length) {
        const now = ctx.clock.now();
        await addCspViolations(ctx.db, dateInZone(now, ctx.config.timeZone), now.toISOString(), violations);
      }
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/csp-reports',
      summary: 'CSP-Meldungen der letzten 30 Tage, nach Art gruppiert und gezählt',
      tags: ['Verwaltung'],
      access: 'admin',
      responses: { 200: { description: 'Liste, häufigste zuerst', schema: z.object({ items: z.array(CspReportGroup) }) } },
    },
    async (_input, _req, res) => {
      const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
      res.json({ items: await cspReportGroups(ctx.db, addDays(today, -LIST_DAYS), LIST_LIMIT) });
    },
  );
}
