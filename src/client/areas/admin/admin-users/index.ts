/** User search, roles, suspensions and tiers for admins and moderators. */
export { UsersScreen } from './users.js';
