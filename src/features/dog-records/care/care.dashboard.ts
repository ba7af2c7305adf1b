import { addDays } from '../../../core/clock.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { careTitle } from './care.labels.js';
import { routinesDueSoon } from './care.repo.js';

/** Care routines due within a week (or overdue) of one's own dogs, on the welcome dashboard's "due soon" list. */
export const careDashboard: DashboardProvider = {
  area: 'care',
  async dueSoon(ctx, scope) {
    const names = new Map(scope.dogs.map((d) => [d.id, d.name]));
    const rows = await routinesDueSoon(ctx.db, [...names.keys()], addDays(scope.today, 7), 10);
    return rows.map((r) => ({
      area: 'care',
      title: `${names.get(r.dog_id) ?? 'Hund'}: ${careTitle(r.kind, r.label)}`,
      due_date: r.next_due ?? scope.today,
      dog_id: r.dog_id,
      url: `/app/hunde/${r.dog_id}/pflege`,
    }));
  },
};
