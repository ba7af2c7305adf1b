import type { Generated } from 'kysely';

/** In-app notifications; push delivery builds on these rows. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  body: string;
  url: string | null;
  /** Set by jobs so a rerun writes nothing twice; unique. */
  dedupe_key: string | null;
  read_at: string | null;
  created_at: string;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
