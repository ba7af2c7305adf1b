import { startOfDay } from '#core/clock.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { dosesDueToday } from './doses.repo.js';

/**
 * "Heute" on the dashboard (decisions: Doses and parasite plan): the doses of the own and shared dogs still due
 * today (a running medication with doses per day, fewer ticked since midnight in Berlin). One query of its own.
 */
export const dosesDashboard: DashboardProvider = {
  area: 'doses',
  async dueSoon(ctx, scope) {
    const names = new Map([...scope.sharedDogs, ...scope.dogs].map((d) => [d.id, d.name]));
    const rows = await dosesDueToday(ctx.db, [...names.keys()], scope.today, startOfDay(scope.today, ctx.config.timeZone));
    return rows
      .filter((r) => Number(r.given) < (r.doses_per_day ?? 0))
      .map((r) => {
        const left = (r.doses_per_day ?? 0) - Number(r.given);
        const dogName = names.get(r.dog_id) ?? 'Hund';
        return {
          area: 'doses',
          title: `${dogName}: ${r.name} – heute noch ${left === 1 ? 'eine Gabe' : `${left} Gaben`}`,
          due_date: scope.today,
          dog_id: r.dog_id,
          url: `/app/hunde/${r.dog_id}/gesundheit`,
          dose: { medication_id: r.id, medication_name: r.name, dog_name: dogName, unit: r.unit, left },
        };
      });
  },
};
