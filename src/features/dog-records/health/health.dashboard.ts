import { DAY } from '../../../core/clock.js';
import type { DashboardProvider, DueSoonProvider } from '../dashboard/index.js';
import { VACCINATION_LEAD_DAYS } from './health.jobs.js';
import { dueHealthItems } from './reminders.repo.js';

/**
 * The health cards on the welcome dashboard, of the own dogs and of the dogs one looks after (caregivers get the
 * reminders too): vaccinations overdue (not replaced by a later one of the same vaccine) or due up to 30 days ahead
 * (the reminder comes 14 days before), and each dog's next planned vet visit ("Nächster Termin") in the same window.
 * The dashboard marks the overdue ones and lists them first.
 */
const WINDOW_DAYS = Math.max(30, VACCINATION_LEAD_DAYS);
type Entry = Awaited<ReturnType<DueSoonProvider>>[number];

export const healthDashboard: DashboardProvider = {
  area: 'health',
  async dueSoon(ctx, scope) {
    const until = new Date(Date.parse(`${scope.today}T12:00:00Z`) + WINDOW_DAYS * DAY).toISOString().slice(0, 10);
    // The shared dogs come with the dashboard's frame; vaccinations and visits in one statement (issue 34).
    const names = new Map([...scope.sharedDogs, ...scope.dogs].map((d) => [d.id, d.name]));
    const dogIds = [...names.keys()];
    const { vaccinations, visits } = await dueHealthItems(ctx.db, dogIds, scope.today, until, 10);
    const items: Entry[] = vaccinations.map((v) => ({
      area: 'health',
      title: `${names.get(v.dog_id) ?? 'Hund'}: ${v.vaccine} ${v.next_due && v.next_due < scope.today ? 'ist überfällig' : 'auffrischen'}`,
      due_date: v.next_due ?? scope.today,
      dog_id: v.dog_id,
      url: `/app/hunde/${v.dog_id}/gesundheit`,
    }));
    // Only the next appointment of each dog: the later ones follow once it is done.
    const seen = new Set<number>();
    for (const v of visits) {
      if (seen.has(v.dog_id)) continue;
      seen.add(v.dog_id);
      items.push({
        area: 'health',
        title: `${names.get(v.dog_id) ?? 'Hund'}: Nächster Termin – ${v.reason}`,
        due_date: v.date,
        dog_id: v.dog_id,
        url: `/app/hunde/${v.dog_id}/gesundheit`,
      });
    }
    return items;
  },
};
