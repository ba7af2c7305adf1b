import type { DashboardProvider } from '../dashboard/index.js';
import { LeashSeason, placeOfUser } from '../../accounts/place/index.js';

const cards = {
  leash_season: LeashSeason.nullable().meta({
    description: 'Die Brut- und Setzzeit, solange sie in der Region des Profils gilt (mit Regel und Quelle), sonst null',
  }),
};

/** The leash season on the welcome dashboard while it is active where the owner lives (issue 53). */
export const dutiesDashboard: DashboardProvider<typeof cards> = {
  area: 'duties',
  cards: {
    shape: cards,
    async load(ctx, { actor }) {
      const season = (await placeOfUser(ctx, actor.id)).leash_season;
      return { leash_season: season?.active_today ? season : null };
    },
  },
};
