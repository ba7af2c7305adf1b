import type { Generated } from 'kysely';
import type { RecordFrame } from './health.js';

export interface ExpensesTable extends RecordFrame {
  date: string;
  amount_cents: number;
  category: string;
  description: string | null;
  /** 'none' | 'monthly' | 'quarterly' | 'yearly'; a row with another value than 'none' is a template. */
  recurrence: Generated<string>;
  /** The template an occurrence was made from (set null when the template is deleted). */
  template_id: number | null;
  /** 1 for the first occurrence after the template's own date, 2 for the next … */
  occurrence: number | null;
  /** 'EUR' or 'CHF' (migration 0061: older rows are euros). */
  currency: Generated<string>;
}

export interface NotesTable {
  id: Generated<number>;
  user_id: number;
  /** The parent's dog (all parent types hang below a dog), so a dog's deletion takes its notes along. */
  dog_id: number | null;
  parent_type: string;
  parent_id: number;
  rubrik: string;
  text: string;
  meta_json: string | null;
  analysis_json: string | null;
  analysed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AiUsageTable {
  id: Generated<number>;
  user_id: number;
  feature: string;
  created_at: string;
}

/** Expenses, notes and AI usage (areas expenses, notes, ai). */
export interface MoneyNotesTables {
  expenses: ExpensesTable;
  notes: NotesTable;
  ai_usage: AiUsageTable;
}
