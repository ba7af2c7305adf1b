import { DAY } from '#core/clock.js';
import { byDayThenId, type DashboardProvider, type DashboardScope, type DueSoonProvider } from '../dashboard/index.js';
import { VACCINATION_LEAD_DAYS } from './health.jobs.js';
import { dueVaccinationsBranch, plannedVisitsBranch } from './reminders.repo.js';

/**
 * The health cards on the welcome dashboard, of the own dogs and of the dogs one looks after (caregivers get the
 * reminders too): vaccinations overdue (not replaced by a later one of the same vaccine) or due up to 30 days ahead
 * (the reminder comes 14 days before), and each dog's next planned vet visit ("Nächster Termin") in the same window.
 * The dashboard marks the overdue ones and lists them first.
 */
const WINDOW_DAYS = Math.max(30, VACCINATION_LEAD_DAYS);
type Entry = Awaited<ReturnType<DueSoonProvider>>[number];

/** Own dogs and shared ones (the frame read those), for both branches. */
const dogIdsOf = (scope: DashboardScope) => [...new Set([...scope.sharedDogs, ...scope.dogs].map((d) => d.id))];
const untilOf = (today: string) => new Date(Date.parse(`${today}T12:00:00Z`) + WINDOW_DAYS * DAY).toISOString().slice(0, 10);

export const healthDashboard: DashboardProvider = {
  area: 'health',
  reads(db, scope) {
    const dogIds = dogIdsOf(scope);
    if (dogIds.length === 0) return {};
    const until = untilOf(scope.today);
    return { vaccinations: dueVaccinationsBranch(db, dogIds, until, 10), visits: plannedVisitsBranch(db, dogIds, scope.today, until, 10) };
  },
  async dueSoon(_ctx, scope, rows) {
    const names = new Map([...scope.sharedDogs, ...scope.dogs].map((d) => [d.id, d.name]));
    const items: Entry[] = rows('vaccinations')
      .sort(byDayThenId)
      .map((v) => ({
        area: 'health',
        title: `${names.get(v.dog_id!) ?? 'Hund'}: ${v.text} ${v.day && v.day < scope.today ? 'ist überfällig' : 'auffrischen'}`,
        due_date: v.day ?? scope.today,
        dog_id: v.dog_id,
        url: `/app/hunde/${v.dog_id}/gesundheit`,
      }));
    // Only the next appointment of each dog: the later ones follow once it is done.
    const seen = new Set<number>();
    for (const v of rows('visits').sort(byDayThenId)) {
      if (seen.has(v.dog_id!)) continue;
      seen.add(v.dog_id!);
      items.push({
        area: 'health',
        title: `${names.get(v.dog_id!) ?? 'Hund'}: Nächster Termin – ${v.text}`,
        due_date: v.day!,
        dog_id: v.dog_id,
        url: `/app/hunde/${v.dog_id}/gesundheit`,
      });
    }
    return items;
  },
};
