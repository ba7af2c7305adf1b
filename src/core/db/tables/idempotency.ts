/** Idempotency keys of replayed writes (core/http/guards/idempotency.ts); timestamps are ISO 8601 UTC text. */
export interface IdempotencyKeysTable {
  user_id: number;
  route: string;
  key: string;
  request_hash: string;
  /** Null while the first request with this key is still running. */
  status: number | null;
  /** The answer's JSON body as text; while the first request runs, its claim's random token. */
  response: string | null;
  created_at: string;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
