/** The accounts area's screens (one chunk): login, register, verify result, profile, plan. */
export { LoginScreen } from './login.js';
export { RegisterScreen } from './register.js';
export { EmailChangedScreen, VerifyResultScreen } from './verify-result.js';
export { ProfileScreen } from './profile.js';
export { PlanScreen } from './plan.js';
export { ForgotPasswordScreen, NewPasswordScreen } from './password-reset.js';
export { AccountDeletedScreen } from './delete-account.js';
