/** Friends: the community hub (what waits in friends and messages), search, requests, the friends list, blocks. */
export { CommunityScreen } from './community.js';
export { FriendsScreen } from './friends.js';
export { UserReports } from './user-reports.js';
