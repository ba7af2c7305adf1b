import { addDays } from '#core/clock.js';
import { daysByDog, readsOfOwnDogs, type DashboardProvider } from '../dashboard/index.js';
import { startsOfDogsBranch } from './heat.repo.js';
import { predictNextStart } from './prediction.js';

/** A predicted heat within the next 14 days of one's own female dogs, on the welcome dashboard's "due soon" list. */
const WINDOW_DAYS = 14;

export const heatDashboard: DashboardProvider = {
  area: 'heat',
  reads: readsOfOwnDogs('starts', startsOfDogsBranch),
  async dueSoon(_ctx, scope, rows) {
    const starts = daysByDog(rows('starts'));
    const until = addDays(scope.today, WINDOW_DAYS);
    return scope.dogs.flatMap((dog) => {
      const { next_start } = predictNextStart(starts.get(dog.id) ?? []);
      if (!next_start || next_start < scope.today || next_start > until) return [];
      return [{ area: 'heat', title: `${dog.name}: Läufigkeit erwartet`, due_date: next_start, dog_id: dog.id, url: `/app/hunde/${dog.id}/laeufigkeit` }];
    });
  },
};
