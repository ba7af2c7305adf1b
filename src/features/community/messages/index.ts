import type { AreaManifest } from '#core/area.js';
import { messageReportsAccountDeletion } from './message-reports.js';
import { messageReportRoutes } from './message-reports.routes.js';
import { messagesExport } from './messages.export.js';
import { messagesRoutes } from './messages.routes.js';
/** Direct messages between friends: conversations, polling with `after`, read markers, push for a new burst. */
export { messagesRoutes } from './messages.routes.js';
export { messagesExport } from './messages.export.js';
export { messageReportsAccountDeletion } from './message-reports.js';
export { messageReportRoutes } from './message-reports.routes.js';

/**
 * The area's manifest (src/areas.ts lists it), and the one of its reports to the moderators: those mount after
 * the user reports (the OpenAPI document's order), so they have their own line in the list.
 */
export const messagesArea: AreaManifest = { name: 'messages', routes: messagesRoutes, exportSections: [messagesExport] };
export const messageReportsArea: AreaManifest = {
  name: 'message-reports',
  routes: messageReportRoutes,
  accountDeletion: (ctx) => ({ steps: [messageReportsAccountDeletion(ctx)] }),
};
