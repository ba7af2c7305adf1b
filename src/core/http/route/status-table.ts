/**
 * An object keyed by HTTP status, for the route table and the OpenAPI document (one per route, several hundred).
 *
 * Why not `{}` filled key by key, or `Object.fromEntries`: status codes are array indices to V8, and assigning 200,
 * then 401, to an empty object gives it a fast array of about 600 slots (5 KB per object; about 3 MB of the heap
 * after start over all routes). Started from a literal whose one index lies far beyond any status, its elements are
 * a small dictionary (about 300 bytes), and they stay one when that index is deleted and the statuses are added.
 */
export function statusTable<T>(entries: Iterable<readonly [string | number, T]>): Record<string, T> {
  const table: Record<string, T> = { 1_000_000: undefined as T };
  delete table[1_000_000];
  for (const [status, value] of entries) table[status] = value;
  return table;
}
