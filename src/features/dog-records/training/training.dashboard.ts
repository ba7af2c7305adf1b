import type { DashboardProvider } from '../dashboard/index.js';
import { trainingDaysOfDogs } from './training.repo.js';
import { TrainingStreak } from './training.schemas.js';
import { streakOf } from './streak.js';

const shape = { training_streak: TrainingStreak.nullable().meta({ description: 'Trainingsserie des Hundes; null ohne Training' }) };

/** The streak card: each dog of the dashboard carries its training streak (null while it never trained). */
export const trainingDashboard: DashboardProvider<Record<string, never>, typeof shape> = {
  area: 'training',
  dogFields: {
    shape,
    async load(ctx, scope) {
      const days = await trainingDaysOfDogs(
        ctx.db,
        scope.dogs.map((d) => d.id),
      );
      return new Map(scope.dogs.map((dog) => [dog.id, { training_streak: days.has(dog.id) ? streakOf(days.get(dog.id)!, scope.today) : null }]));
    },
  },
};
