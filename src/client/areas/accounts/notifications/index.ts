/** The notification centre and its settings (one chunk). */
export { NotificationCentreScreen } from './centre.js';
export { NotificationSettingsScreen } from './settings.js';
