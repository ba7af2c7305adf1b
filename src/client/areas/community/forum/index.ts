/** The forum: categories, threads, posts, reports and the moderators' actions. */
export { ForumCategoryScreen, ForumScreen, ThreadScreen } from './forum.js';
