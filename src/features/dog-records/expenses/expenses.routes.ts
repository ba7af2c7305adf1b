import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { recordRoutes } from '#core/records/record-kind.js';
import { expenses } from './expenses.kind.js';
import { ExpenseSummary, ExpenseYearQuery } from './expenses.schemas.js';
import { expenseCsv, expenseSummary } from './expenses.service.js';

const tags = [expenses.tag];
const refused = { 403: { description: 'Kein Zugriff auf diesen Hund' }, 404: { description: 'Hund gibt es nicht' } };

export function expensesRoutes(ctx: AppContext, routes: Routes): void {
  // The fixed paths before the record routes' /api/expenses/:id.
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/expenses/summary', 'Ausgaben eines Jahres: Summe, je Monat und je Kategorie (alle eigenen Hunde oder einer)', {
    query: ExpenseYearQuery,
    responses: { 200: ['Summen', ExpenseSummary], ...refused },
    run: ({ query, actor }) => expenseSummary(ctx, actor, query),
  });
  route(
    routes,
    {
      method: 'get',
      path: '/api/expenses/export.csv',
      summary: 'Ausgaben eines Jahres als CSV für Excel (Semikolon, Dezimalkomma, UTF-8 mit BOM)',
      tags,
      access: 'user',
      query: ExpenseYearQuery,
      responses: { 200: { description: 'CSV', contentType: 'text/csv', schema: z.string() }, ...refused },
    },
    async ({ query, actor }, _req, res) => {
      const { csv, year } = await expenseCsv(ctx, actor, query);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="ausgaben-${year}.csv"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(csv);
    },
  );
  recordRoutes(ctx, routes, expenses);
}
