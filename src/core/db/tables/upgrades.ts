import type { Generated } from 'kysely';

export interface UpgradeRequestsTable {
  id: Generated<number>;
  user_id: number;
  tier: string;
  message: string | null;
  /** open → fulfilled | rejected (admin), open → withdrawn (user). */
  status: Generated<string>;
  granted_tier: string | null;
  decided_by: number | null;
  decided_at: string | null;
  reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface UpgradesTables {
  upgrade_requests: UpgradeRequestsTable;
}
