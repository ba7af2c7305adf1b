/** The help categories live in src/shared, since the admin screen offers the same keys and headings. */
export { HELP_CATEGORIES, HELP_CATEGORY_KEYS, type HelpCategory } from '#shared/help-categories.js';
