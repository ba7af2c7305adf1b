import type { RecordFrame } from './health.js';

export interface HeatCyclesTable extends RecordFrame {
  start_date: string;
  end_date: string | null;
  notes: string | null;
}

export interface CareRoutinesTable extends RecordFrame {
  kind: string;
  /** The name of a routine of one's own (kind 'custom'); null for the others. */
  label: string | null;
  intervall_tage: number;
  last_done: string | null;
  /** last_done + intervall_tage, computed by the server. */
  next_due: string | null;
  product: string | null;
  notes: string | null;
  /** The overdue reminders' state (migration 0045): the step last reminded, for which due date, on which day. */
  overdue_due: string | null;
  overdue_step: number | null;
  overdue_reminded_on: string | null;
  /** The due date whose overdue reminders the owner dismissed. */
  reminder_dismissed_due: string | null;
}

export interface TrainingSessionsTable extends RecordFrame {
  date: string;
  skill: string;
  duration_min: number;
  rating: number | null;
  notes: string | null;
}

/** Heat cycles, care routines and training sessions (areas heat, care, training). */
export interface RoutinesTables {
  heat_cycles: HeatCyclesTable;
  care_routines: CareRoutinesTable;
  training_sessions: TrainingSessionsTable;
}
