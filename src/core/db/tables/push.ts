import type { Generated } from 'kysely';

/** Web push (core/push): one row per device a user allowed pushes on. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  updated_at: string;
}

/** The push queue: one row per notification and device until the push service took it (or gave up). */
export interface PushDeliveriesTable {
  id: Generated<number>;
  subscription_id: number;
  notification_id: number;
  payload: string;
  ttl_seconds: number;
  urgency: string;
  topic: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  expires_at: string;
  last_error: string | null;
  created_at: string;
}

/** Per-user notification preferences; a user without a row has the defaults (everything on, quiet 22–7). */
export interface NotificationSettingsTable {
  user_id: number;
  muted_kinds: Generated<string>;
  quiet_hours: Generated<number>;
  quiet_start: Generated<string>;
  quiet_end: Generated<string>;
  /** Safety alerts by mail: null automatic (home area and no push), 'on' or 'off'. */
  safety_mail: string | null;
  updated_at: string;
}

/** Errors (log level ≥ error) per day and message, for the 06:30 digest (platform/error-digest). */
export interface ErrorCountsTable {
  day: string;
  message: string;
  count: number;
  last_at: string;
  reported_at: string | null;
}

/** Content-Security-Policy violations per day and kind (core/http/csp-reports.repo.ts), for admins and the digest. */
export interface CspReportsTable {
  day: string;
  directive: string;
  blocked: string;
  page: string;
  count: number;
  first_at: string;
  last_at: string;
  reported_at: string | null;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  notification_settings: NotificationSettingsTable;
  error_counts: ErrorCountsTable;
  csp_reports: CspReportsTable;
}
