/** In-app notifications: the anniversary job writes them now, push delivery builds on them later. */
export { notificationsRoutes } from './notifications.routes.js';
export { createNotification, countUnread, type NewNotification } from './notifications.repo.js';
