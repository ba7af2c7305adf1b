/** The operator's settings: one row, id 1 (features/operator). */
export interface OperatorSettingsTable {
  id: number;
  operator_name: string;
  /** Lines separated by newlines. */
  operator_address: string;
  contact_email: string;
  contact_phone: string | null;
  vat_id: string | null;
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
