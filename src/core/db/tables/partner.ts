import type { Generated } from 'kysely';

export interface PartnerCodesTable {
  id: Generated<number>;
  /** Stored upper-case; codes are matched case-insensitively. */
  code: string;
  label: string;
  max_uses: number;
  grants_founder: Generated<number>;
  uses: Generated<number>;
  created_by: number | null;
  created_at: string;
}

export interface PartnerCodeRedemptionsTable {
  id: Generated<number>;
  partner_code_id: number | null;
  code: string;
  user_id: number;
  founder_granted: Generated<number>;
  created_at: string;
}

/** A single row (id 1): the last founder number handed out. */
export interface FounderCounterTable {
  id: number;
  last: number;
}

export interface PartnerTables {
  partner_codes: PartnerCodesTable;
  partner_code_redemptions: PartnerCodeRedemptionsTable;
  founder_counter: FounderCounterTable;
}
