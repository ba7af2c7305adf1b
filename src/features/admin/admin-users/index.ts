/** The admin-users area's public face: search, status, partner flag, deletion; email masking for moderators. */
export { adminUsersRoutes } from './admin-users.routes.js';
export { maskEmail, toAdminUser, AdminUser } from './admin-user-view.js';
