import { daysByDog, readsOfOwnDogs, type DashboardProvider } from '../dashboard/index.js';
import { trainingDaysBranch } from './training.repo.js';
import { TrainingStreak } from './training.schemas.js';
import { streakOf } from './streak.js';

const shape = { training_streak: TrainingStreak.nullable().meta({ description: 'Trainingsserie des Hundes; null ohne Training' }) };

/** The streak card: each dog of the dashboard carries its training streak (null while it never trained). */
export const trainingDashboard: DashboardProvider<Record<string, never>, typeof shape> = {
  area: 'training',
  reads: readsOfOwnDogs('days', trainingDaysBranch),
  dogFields: {
    shape,
    async load(_ctx, scope, rows) {
      const days = daysByDog(rows('days'));
      return new Map(scope.dogs.map((dog) => [dog.id, { training_streak: days.has(dog.id) ? streakOf(days.get(dog.id)!, scope.today) : null }]));
    },
  },
};
