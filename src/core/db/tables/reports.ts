import type { Generated } from 'kysely';

/**
 * A report to the moderators (core/reports): of a forum post or a map item, told apart by the reported row's table
 * (`target_kind`: forum_posts, poison_warnings, lost_dogs, …) and its id there. One per person and reported row.
 */
export interface ContentReportsTable {
  id: Generated<number>;
  target_kind: string;
  target_id: number;
  reporter_id: number;
  reason: string;
  /** 'open' | 'resolved' */
  status: Generated<string>;
  resolved_by: number | null;
  /** The decision once resolved: 'dismiss' | 'hide' | 'delete', or 'deleted' when the row went otherwise. */
  action: string | null;
  created_at: string;
  resolved_at: string | null;
}

/** Reports to the moderators (core/reports). */
export interface ReportsTables {
  content_reports: ContentReportsTable;
}
