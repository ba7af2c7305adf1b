/** The admin and moderator panel (one chunk, loaded only by staff). */
export { AdminHomeScreen } from './admin-home.js';
export { PartnerCodesScreen } from './partner-codes.js';
export { UsersScreen } from './users.js';
export { UpgradeRequestsScreen } from './upgrade-requests.js';
export { InvoicesScreen } from './invoices.js';
export { JobsScreen } from './jobs.js';
export { ModerationScreen } from './moderation.js';
export { SettingsScreen } from './settings.js';
export { StatsScreen } from './stats.js';
export { IpBlocksScreen } from './ip-blocks.js';
export { CspReportsScreen } from './csp-reports.js';
