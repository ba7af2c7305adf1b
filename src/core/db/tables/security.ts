import type { Generated } from 'kysely';

/** A WebAuthn credential (features/accounts/security): found by `credential_id` at login. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: Generated<number | string>;
  /** Comma-separated (internal, hybrid, usb, …). */
  transports: Generated<string>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A challenge handed out for a registration or login, used once (deleted) or dropped after 5 minutes. */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'login';
  user_id: number | null;
  expires_at: string;
}

export interface UserTotpTable {
  user_id: number;
  /** The base32 secret, encrypted (security/secret-box.ts). */
  secret: string;
  confirmed_at: string | null;
  /** The newest 30-second step a code was accepted for: older and equal ones are refused (no reuse). */
  last_step: Generated<number | string>;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface SecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  method: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface SecurityTables {
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  security_events: SecurityEventsTable;
}
