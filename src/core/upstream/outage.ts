import { UpstreamError } from './http-client.js';

/**
 * An outage of someone else's service (weather, Nominatim, Overpass, routing, AI, food alerts): a timeout, no
 * connection, a 5xx or a 429. It passes by itself and no operator can act on it, so it is logged as a warning,
 * without a stack trace; the error level (and the error digest) stays for what an operator must act on, such as an
 * upstream refusing our key (401/403) or a request we built wrong (400).
 */
export function isUpstreamOutage(err: unknown): err is UpstreamError {
  if (!(err instanceof UpstreamError)) return false;
  if (err.kind === 'timeout' || err.kind === 'network') return true;
  return err.kind === 'status' && err.status !== undefined && (err.status === 429 || err.status >= 500);
}

/** What a warning about an outage says: which service, how it failed, never a stack trace. */
export const outageFields = (err: UpstreamError) => ({ upstream: err.upstream, kind: err.kind, ...(err.status ? { status: err.status } : {}) });
