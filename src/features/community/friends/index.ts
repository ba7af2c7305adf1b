/** Friends and blocks: search, requests (push), friendships, blocking. The messages area asks `areFriends`. */
export { friendsRoutes } from './friends.routes.js';
export { UserCard } from './friends.schemas.js';
export { friendsOf } from './friends.repo.js';
export { requireFriend } from './friends.service.js';
export { userReportsAccountDeletion } from './user-reports.js';
export { userReportRoutes } from './user-reports.routes.js';
