/** The forum: categories, threads, posts, reports and the moderators' actions. */
export { ForumCategoryScreen, ForumScreen, ThreadScreen } from './forum.js';
export { ModerationScreen } from './moderation.js';
