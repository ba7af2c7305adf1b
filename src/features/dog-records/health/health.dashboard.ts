import { DAY } from '../../../core/clock.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { VACCINATION_LEAD_DAYS } from './health.jobs.js';
import { sharedDogRows } from './members.repo.js';
import { dueVaccinations } from './reminders.repo.js';

/**
 * Vaccinations on the welcome dashboard: overdue ones (not replaced by a later one of the same vaccine) and those
 * due up to 30 days ahead (the reminder comes 14 days before), of the own dogs and of the dogs one looks after
 * (caregivers get the reminders too). The dashboard marks the overdue ones and lists them first.
 */
const WINDOW_DAYS = Math.max(30, VACCINATION_LEAD_DAYS);

export const healthDashboard: DashboardProvider = {
  area: 'health',
  async dueSoon(ctx, scope) {
    const until = new Date(Date.parse(`${scope.today}T12:00:00Z`) + WINDOW_DAYS * DAY).toISOString().slice(0, 10);
    const shared = await sharedDogRows(ctx.db, scope.actor.id);
    const names = new Map([...shared, ...scope.dogs].map((d) => [d.id, d.name]));
    const rows = await dueVaccinations(ctx.db, [...names.keys()], until, 10);
    return rows.map((v) => ({
      area: 'health',
      title: `${names.get(v.dog_id) ?? 'Hund'}: ${v.vaccine} ${v.next_due && v.next_due < scope.today ? 'ist überfällig' : 'auffrischen'}`,
      due_date: v.next_due ?? scope.today,
      dog_id: v.dog_id,
      url: `/app/hunde/${v.dog_id}/gesundheit`,
    }));
  },
};
