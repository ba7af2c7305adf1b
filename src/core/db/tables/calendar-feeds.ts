/** The calendar feed (features/accounts/calendar-feed): one per user, the token only as a hash. */
export interface CalendarFeedsTable {
  user_id: number;
  /** SHA-256 (hex) of the token in the feed's address: how a fetch finds its feed. */
  token_hash: string;
  /** Random; the server derives the token from it with a key of its own, so the screen can show the address again. */
  seed: string;
  created_at: string;
}

export interface CalendarFeedTables {
  calendar_feeds: CalendarFeedsTable;
}
