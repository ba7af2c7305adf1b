/** Community on the map: poison-bait warnings and lost-dog reports on the geo-items module, pushes and mails to people nearby. */
import type { AccountDeletionStep } from '#core/context.js';
import { deleteInactiveAnonymous } from './nearby.repo.js';
import { archivePoisonWarningsJob } from './poison.jobs.js';
import { playdateRemindersJob } from './playdates.jobs.js';
import { fillWarningCitiesJob } from './radar-cities.js';
import type { AreaManifest } from '#core/area.js';
import { nearbyMediaRules } from './media-access.js';
import { nearbyRoutes } from './nearby.routes.js';
import { playdatesAccountDeletion } from './playdates.js';
export { playdatesAccountDeletion } from './playdates.js';
import { safetyMailEveningJob, safetyMailSendJob } from './safety-mail.jobs.js';

export { nearbyRoutes } from './nearby.routes.js';
export { SAFETY_MAIL_UNSUBSCRIBE_PATH } from './safety-mail.routes.js';
export { warningChannelCounts } from './safety-mail.service.js';
export { nearbyMediaRules } from './media-access.js';
/** The user's playdates, events and walk slots, and the kinds whose app pages they link to (the calendar feed). */
export { dogsUserJoined, eventsOfUser, playdatesOfUser, walkSlotsOfUser } from './nearby.repo.js';
export { playdates } from './playdates.js';
export { events } from './listings.js';
export { walkSlots } from './walk-slots.js';
export const nearbyJobs = [archivePoisonWarningsJob, playdateRemindersJob, safetyMailSendJob, safetyMailEveningJob, fillWarningCitiesJob];
/** The towns of the public poison-bait figures (the sitemap lists their pages). */
export { radarCities } from './radar-figures.js';
/** Decisions: lost-dog and poison reports stay anonymised while active; the inactive ones go with the account. */
export const nearbyAccountDeletion: AccountDeletionStep = (trx) => deleteInactiveAnonymous(trx);

/** The area's manifest (src/areas.ts lists it). */
export const nearbyArea: AreaManifest = {
  name: 'nearby',
  routes: nearbyRoutes,
  jobs: nearbyJobs, // 03:15 poison warnings without activity for 14 days archived; every 15 min playdate reminders an hour ahead;
  // every minute safety alerts by mail (3 a day at once), 19:00 the evening mail with the rest; every 10 min the towns of
  // warnings for the public figures (Nominatim, 1/s)
  mediaRules: nearbyMediaRules,
  // what ON DELETE cannot say: the inactive anonymous reports; whom the deletion concerns: cancelled playdates
  accountDeletion: (ctx) => ({ steps: [nearbyAccountDeletion], notices: [playdatesAccountDeletion(ctx)] }),
};
