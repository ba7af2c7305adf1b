import { DAY } from '../../core/clock.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { VACCINATION_LEAD_DAYS } from './health.jobs.js';
import { sharedDogRows } from './members.repo.js';
import { upcomingVaccinations } from './reminders.repo.js';

/**
 * Upcoming vaccinations (due today up to 30 days ahead; the reminder comes 14 days before) on the welcome
 * dashboard: of the own dogs and of the dogs one looks after (caregivers get the reminders too).
 */
const WINDOW_DAYS = Math.max(30, VACCINATION_LEAD_DAYS);

export const healthDashboard: DashboardProvider = {
  area: 'health',
  async dueSoon(ctx, scope) {
    const until = new Date(Date.parse(`${scope.today}T12:00:00Z`) + WINDOW_DAYS * DAY).toISOString().slice(0, 10);
    const shared = await sharedDogRows(ctx.db, scope.actor.id);
    const names = new Map([...shared, ...scope.dogs].map((d) => [d.id, d.name]));
    const rows = await upcomingVaccinations(ctx.db, [...names.keys()], scope.today, until, 10);
    return rows.map((v) => ({
      area: 'health',
      title: `${names.get(v.dog_id) ?? 'Hund'}: ${v.vaccine} auffrischen`,
      due_date: v.next_due ?? scope.today,
      dog_id: v.dog_id,
      url: `/app/hunde/${v.dog_id}/gesundheit`,
    }));
  },
};
