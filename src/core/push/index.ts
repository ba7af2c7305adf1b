/**
 * Web push and in-app notifications (issue 10). Every area sends through `notify`; core owns the tables
 * notifications, notification_settings, push_subscriptions and push_deliveries, and the notifications area
 * (src/features/accounts/notifications) is their HTTP face.
 */
export { notify, notifyMany, type NotifyOptions, type NotifyRecipient, type NotifyResult } from './notify.js';
export { notifyStaff } from './notify-staff.js';
export { NOTIFICATION_KINDS, KIND_DELIVERY, isNotificationKind, type NotificationKind } from './kinds.js';
export { type NotifyMessage, isAppPath, MAX_PAYLOAD_BYTES } from './payload.js';
export { PushDispatcher } from './dispatcher.js';
export { sendDuePushesJob } from './push.jobs.js';
export { quietUntil, type QuietHours } from './quiet-hours.js';
export {
  DEFAULT_QUIET,
  findPreferences,
  savePreferences,
  safetyMailChoiceOf,
  turnSafetyMailOff,
  type NotificationPreferences,
  type SafetyMailChoice,
} from './settings.repo.js';
export { safetyMailActive } from './safety-mail-rule.js';
export {
  countUnread,
  findInboxRow,
  insertInboxRow,
  listInboxRows,
  markAllInboxRowsRead,
  markInboxRowRead,
  type InboxCursor,
  type InboxRow,
  type NewInboxRow,
} from './inbox.repo.js';
export {
  countSubscriptions,
  deleteSubscription,
  findSubscriptionByEndpoint,
  upsertSubscription,
  MAX_SUBSCRIPTIONS_PER_USER,
  type PushSubscriptionRow,
} from './subscriptions.repo.js';
export { countQueued } from './deliveries.repo.js';
