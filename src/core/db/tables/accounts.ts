import type { Generated } from 'kysely';

/** Flags are integers 0/1 on both engines; timestamps are ISO 8601 UTC text. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: string;
  bio: string | null;
  city: string | null;
  lat: number | null;
  lon: number | null;
  avatar_url: string | null;
  profile_private: Generated<number>;
  notes_ki_enabled: Generated<number>;
  is_social_media: Generated<number>;
  rolle: Generated<string>;
  subscription_tier: Generated<string>;
  is_premium: Generated<number>;
  is_founder: Generated<number>;
  is_founder_pending: Generated<number>;
  founder_number: number | null;
  is_partner: Generated<number>;
  status: Generated<string>;
  token_version: Generated<number>;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  failed_at: string;
  /** The known device the attempt came from (accounts/known-device.ts); null for any other browser. */
  device: string | null;
}

export interface EmailVerificationsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  created_at: string;
}

/** Password reset links (features/accounts/password-reset.ts): hashes only, one hour, single use. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  voided_at: string | null;
}

/** A pending email change (features/accounts/accounts/email-change.ts): hash only, 24 hours, one per user. */
export interface EmailChangesTable {
  token_hash: string;
  user_id: number;
  new_email: string;
  created_at: string;
  expires_at: string;
}

/** A user's data export (features/accounts/exports): built by a job into a ZIP below the user's media folder. */
export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<'queued' | 'running' | 'ready' | 'failed'>;
  file: string | null;
  size_bytes: number | null;
  attempts: Generated<number>;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
}

export interface AccountsTables {
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  login_failures: LoginFailuresTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  data_exports: DataExportsTable;
}
