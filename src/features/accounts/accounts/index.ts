import type { AppContext } from '../../../core/context.js';
import type { Routes } from '../../../core/http/route.js';
import { purgeBlacklistJob, purgeLoginFailuresJob } from './accounts.jobs.js';
import { authRoutes } from './auth.routes.js';
import { emailChangeRoutes } from './email-change.routes.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { profileRoutes } from './profile.routes.js';

export { deleteAccount } from './profile.service.js';
export { toCurrentUser, CurrentUser, planBadge, badgesOf, asFlag, planFields, planFieldsOf } from './user-view.js';
export { findUserById, endAllSessions, lockPlanOf } from './users.repo.js';
export { swapAvatarUrl } from './users.repo.js';
export { findUserContact, findVerifiedUserIdByEmail, setUserStatus, setUserPartner, setUserTier, setRoleByEmail } from './users.repo.js';
export { Email, Password, Name } from './auth.schemas.js';

export function accountsRoutes(ctx: AppContext, routes: Routes): void {
  authRoutes(ctx, routes);
  passwordResetRoutes(ctx, routes);
  emailChangeRoutes(ctx, routes);
  profileRoutes(ctx, routes);
}

export const accountsJobs = [purgeBlacklistJob, purgeLoginFailuresJob];
export { accountsExport } from './accounts.export.js';
