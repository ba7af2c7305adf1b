import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { purgeBlacklistJob, purgeLoginFailuresJob } from './accounts.jobs.js';
import { authRoutes, type LoginGate } from './auth.routes.js';
import { emailChangeRoutes } from './email-change.routes.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { profileRoutes } from './profile.routes.js';
import type { AreaManifest } from '#core/area.js';
import { accountsExport } from './accounts.export.js';

export { deleteAccount } from './profile.service.js';
export { toCurrentUser, CurrentUser, planBadge, badgesOf, asFlag, planFields, planFieldsOf } from './user-view.js';
export { findUserById, endAllSessions, lockPlanOf } from './users.repo.js';
export { swapAvatarUrl } from './users.repo.js';
export { findUserContact, findVerifiedUserIdByEmail, setUserStatus, setUserPartner, setUserTier, setRoleByEmail } from './users.repo.js';
export { Email, Password, Name } from './auth.schemas.js';
export { checkPasswordWithLockout, checkWithLockout } from './password-check.js';
export { findPasswordHash } from './users.repo.js';
export { knownDeviceOf, rememberDevice } from './known-device.js';
export type { LoginGate } from './auth.routes.js';

/** `gate` is the second step after a right password (features/accounts/security), handed in by the manifest below. */
export function accountsRoutes(ctx: AppContext, routes: Routes, gate?: LoginGate): void {
  authRoutes(ctx, routes, gate);
  passwordResetRoutes(ctx, routes);
  emailChangeRoutes(ctx, routes);
  profileRoutes(ctx, routes);
}

export const accountsJobs = [purgeBlacklistJob, purgeLoginFailuresJob];
export { accountsExport } from './accounts.export.js';

/**
 * The area's manifest (src/areas.ts lists it). `secondStep` is the login's second step after a right password
 * (features/accounts/security), handed in by the list, so accounts never imports security.
 */
export const accountsArea = (secondStep?: (ctx: AppContext) => LoginGate): AreaManifest => ({
  name: 'accounts',
  routes: (ctx, routes) => accountsRoutes(ctx, routes, secondStep?.(ctx)),
  jobs: accountsJobs, // 03:30 blacklist purge, 03:35 login-failure purge
  exportSections: [accountsExport],
});
