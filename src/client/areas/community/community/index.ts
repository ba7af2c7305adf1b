/** Community screens: hub, friends, messages (polling chat), forum. */
export { CommunityScreen } from './community.js';
export { FriendsScreen } from './friends.js';
export { ChatScreen, ConversationsScreen } from './chat.js';
export { ForumCategoryScreen, ForumScreen, ThreadScreen } from './forum.js';
