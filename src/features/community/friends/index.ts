import type { AreaManifest } from '#core/area.js';
import { friendsRoutes } from './friends.routes.js';
import { userReportsAccountDeletion } from './user-reports.js';
import { userReportRoutes } from './user-reports.routes.js';
/** Friends and blocks: search, requests (push), friendships, blocking. The messages area asks `areFriends`. */
export { friendsRoutes } from './friends.routes.js';
export { UserCard } from './friends.schemas.js';
export { friendsOf } from './friends.repo.js';
export { requireFriend } from './friends.service.js';
export { userReportsAccountDeletion } from './user-reports.js';
export { userReportRoutes } from './user-reports.routes.js';

/**
 * The area's manifest (src/areas.ts lists it), and the one of its reports to the moderators: those mount after
 * the messages (the OpenAPI document's order), so they have their own line in the list.
 */
export const friendsArea: AreaManifest = { name: 'friends', routes: friendsRoutes };
export const userReportsArea: AreaManifest = {
  name: 'user-reports',
  routes: userReportRoutes,
  accountDeletion: (ctx) => ({ steps: [userReportsAccountDeletion(ctx)] }),
};
