/** Direct messages between friends: conversations, polling with `after`, read markers, push for a new burst. */
export { messagesRoutes } from './messages.routes.js';
export { messagesExport } from './messages.export.js';
export { messageReportsAccountDeletion } from './message-reports.js';
export { messageReportRoutes } from './message-reports.routes.js';
