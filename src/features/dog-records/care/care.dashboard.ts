import { addDays } from '#core/clock.js';
import { byDayThenId, readsOfOwnDogs, type DashboardProvider } from '../dashboard/index.js';
import { careTitle } from './care.labels.js';
import { routinesDueSoonBranch } from './care.repo.js';

/** Care routines due within a week (or overdue) of one's own dogs, on the welcome dashboard's "due soon" list. */
export const careDashboard: DashboardProvider = {
  area: 'care',
  reads: readsOfOwnDogs('routines', (db, dogIds, scope) => routinesDueSoonBranch(db, dogIds, addDays(scope.today, 7), 10)),
  async dueSoon(_ctx, scope, rows) {
    const names = new Map(scope.dogs.map((d) => [d.id, d.name]));
    return rows('routines')
      .sort(byDayThenId)
      .map((r) => ({
        area: 'care',
        title: `${names.get(r.dog_id!) ?? 'Hund'}: ${careTitle(r.text ?? '', r.more)}`,
        due_date: r.day ?? scope.today,
        dog_id: r.dog_id,
        url: `/app/hunde/${r.dog_id}/pflege`,
      }));
  },
};
