import type { Generated } from 'kysely';

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** Extra headers as a JSON object (List-Unsubscribe on safety alerts), or null. */
  headers_json: string | null;
  status: Generated<string>; // pending | sent | failed
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
}

export interface JobLeasesTable {
  name: string;
  owner: string | null;
  locked_until: string;
  /** The scheduled minute of the last run: a slot runs once, however many instances fire for it. */
  last_slot: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_status: string | null;
  last_count: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
}

export interface IpBlocksTable {
  ip: string;
  reason: string;
  blocked_until: string;
  /** The first hit (the row's birth); a lifted block deletes the row, so the count starts again. */
  created_at: string;
  /** Trap hits since the row exists; each lengthens the next block (core/http/guards/ip-blocklist.ts). */
  hits: Generated<number>;
  last_hit_at: string | null;
}

/** A rate-limit family's hits for one client in the current window (core/http/guards/rate-limit-store.ts). */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  /** End of the window, epoch milliseconds. */
  reset_at: number;
}

/** The next free request turn per paced upstream, shared by every instance (core/upstream/slots.ts). */
export interface UpstreamSlotsTable {
  name: string;
  /** Start of the next free turn, epoch milliseconds. */
  next_slot_at: number;
}

export interface PlatformTables {
  upstream_slots: UpstreamSlotsTable;
  rate_limit_counters: RateLimitCountersTable;
  mail_outbox: MailOutboxTable;
  job_leases: JobLeasesTable;
  ip_blocks: IpBlocksTable;
}
