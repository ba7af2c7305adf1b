import type { DashboardProvider } from '../dashboard/index.js';
import { trainingDaysBranch } from './training.repo.js';
import { TrainingStreak } from './training.schemas.js';
import { streakOf } from './streak.js';

const shape = { training_streak: TrainingStreak.nullable().meta({ description: 'Trainingsserie des Hundes; null ohne Training' }) };

/** The streak card: each dog of the dashboard carries its training streak (null while it never trained). */
export const trainingDashboard: DashboardProvider<Record<string, never>, typeof shape> = {
  area: 'training',
  reads(db, scope) {
    if (scope.dogs.length === 0) return {};
    return {
      days: trainingDaysBranch(
        db,
        scope.dogs.map((d) => d.id),
      ),
    };
  },
  dogFields: {
    shape,
    async load(_ctx, scope, rows) {
      const days = new Map<number, string[]>();
      for (const r of rows('days')) (days.get(r.dog_id!) ?? days.set(r.dog_id!, []).get(r.dog_id!)!).push(r.day!);
      return new Map(scope.dogs.map((dog) => [dog.id, { training_streak: days.has(dog.id) ? streakOf(days.get(dog.id)!, scope.today) : null }]));
    },
  },
};
