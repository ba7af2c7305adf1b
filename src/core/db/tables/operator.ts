/** The operator's settings: one row, id 1 (features/operator). */
export interface OperatorSettingsTable {
  id: number;
  operator_name: string;
  /** Lines separated by newlines. */
  operator_address: string;
  contact_email: string;
  contact_phone: string | null;
  vat_id: string | null;
  /** The register court (e.g. "Amtsgericht Hamburg"), for a company's Impressum; null for a sole trader. */
  register_court: string | null;
  /** The register entry (e.g. "HRB 12345"). */
  register_number: string | null;
  /** Who represents the company (Geschäftsführung, Vorstand), one name or several. */
  representatives: string | null;
  /** 1: Kleinunternehmer (§ 19 UStG), invoices without VAT. */
  small_business: number;
  price_pro_cents_year: number;
  price_breeder_cents_year: number;
  updated_at: string;
  updated_by: number | null;
}

export interface OperatorTables {
  operator_settings: OperatorSettingsTable;
}
