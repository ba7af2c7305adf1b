import type { AreaManifest } from '#core/area.js';
import { adminUsersRoutes } from './admin-users.routes.js';
/** The admin-users area's public face: search, status, partner flag, deletion; email masking for moderators. */
export { adminUsersRoutes } from './admin-users.routes.js';
export { maskEmail, toAdminUser, AdminUser } from './admin-user-view.js';
/** A moderator's decision on a reported message or person: suspend the account (the same rules as the admin screen). */
export { updateUser } from './admin-users.service.js';

/** The area's manifest (src/areas.ts lists it). */
export const adminUsersArea: AreaManifest = { name: 'admin-users', routes: adminUsersRoutes };
