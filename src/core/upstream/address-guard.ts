import { promises as dns } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * THE check of where an outgoing request whose URL a user chose may go (issue 31, SSRF). A host name is resolved and
 * refused when ANY of its addresses is not public unicast: a name with one public and one internal address could
 * otherwise be connected to the internal one. The caller connects to the address checked here (pinned-request.ts),
 * never to a second lookup's answer, so DNS that changes between check and connect ("rebinding") cannot redirect it.
 */

/** Resolves a host name to all its addresses. Injected in tests: no test asks real DNS. */
export type LookupAll = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export const systemLookup: LookupAll = (hostname) => dns.lookup(hostname, { all: true, order: 'verbatim' });

export type GuardVerdict =
  | { ok: true; hostname: string; address: string; family: 4 | 6 }
  | {
      ok: false;
      hostname: string;
      /** internal_name: refused without asking DNS; refused_address: an address is not public; unresolved: no answer. */
      problem: 'internal_name' | 'refused_address' | 'unresolved';
      /** For the log: the range and address that was refused, or the resolver's error code. Never the URL's path. */
      detail: string;
    };

/** Names that only mean something inside a network (RFC 6761/6762/8375, and the common private suffixes). */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/;

/**
 * The range name of an address as the guard sees it: 'unicast' is the only public one. IPv4 inside IPv6 (mapped
 * ::ffff:a.b.c.d, translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d) is judged by the IPv4 address it carries, so
 * ::ffff:127.0.0.1 is loopback and 64:ff9b::8.8.8.8 (a DNS64 answer for a public host) is public. The other
 * tunnelling forms (6to4, Teredo, local-use NAT64 64:ff9b:1::/48) are refused whole: no push service lives there,
 * and the IPv4 address they lead to is hidden or relayed.
 */
export function rangeOf(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  if (address.kind() === 'ipv4') return address.range();
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  const carriesIpv4 = range === 'ipv4Mapped' || range === 'rfc6145' || (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN));
  // Outside 2000::/3 nothing is handed out as global unicast (::7f00:1, the old IPv4-compatible form, is not public).
  if (!carriesIpv4) return range === 'unicast' && !v6.match(GLOBAL_UNICAST) ? 'notGlobal' : range;
  const inner = new ipaddr.IPv4(v6.toByteArray().slice(12));
  const innerRange = inner.range();
  return innerRange === 'unicast' ? 'unicast' : `${range}:${innerRange}`;
}

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** Loopback only (127/8, ::1), for the explicit test seam; mapped loopback and every other range stay refused. */
const isLoopback = (address: ipaddr.IPv4 | ipaddr.IPv6) => address.range() === 'loopback';

export interface AddressGuardOptions {
  lookup?: LookupAll;
  /**
   * Lets loopback addresses through (the fake push service on 127.0.0.1 in tests and development). Set only from
   * `PUSH_ALLOW_HTTP`, which loadConfig refuses in production; private, link-local and the other ranges stay refused.
   */
  allowLoopback?: boolean;
}

export class AddressGuard {
  readonly #lookup: LookupAll;
  readonly #allowLoopback: boolean;

  constructor(options: AddressGuardOptions = {}) {
    this.#lookup = options.lookup ?? systemLookup;
    this.#allowLoopback = options.allowLoopback ?? false;
  }

  get allowsLoopback(): boolean {
    return this.#allowLoopback;
  }

  /** Whether one address may be connected to. */
  allows(literal: string): { ok: true; address: ipaddr.IPv4 | ipaddr.IPv6 } | { ok: false; detail: string } {
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.parse(literal);
    } catch {
      return { ok: false, detail: `unparsable ${literal}` };
    }
    if (this.#allowLoopback && isLoopback(address)) return { ok: true, address };
    const range = rangeOf(address);
    return range === 'unicast' ? { ok: true, address } : { ok: false, detail: `${range} ${address.toString()}` };
  }

  /**
   * Checks a URL's host (URL.hostname: brackets around IPv6 are fine; WHATWG parsing has already turned 2130706433,
   * 0177.0.0.1, 0x7f.1 and 127.1 into 127.0.0.1). A literal is judged as it is; a name is resolved once and passes
   * only if every address does. The first address is the one to connect to. `signal` bounds the wait for DNS.
   */
  async check(host: string, signal?: AbortSignal): Promise<GuardVerdict> {
    const hostname = host
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '')
      .toLowerCase();
    // ipaddr.js reads the short, decimal, octal and hex IPv4 forms too, for hosts that did not come through URL.
    if (ipaddr.isValid(hostname)) {
      const verdict = this.allows(hostname);
      if (!verdict.ok) return { ok: false, hostname, problem: 'refused_address', detail: verdict.detail };
      return { ok: true, hostname, address: verdict.address.toString(), family: verdict.address.kind() === 'ipv4' ? 4 : 6 };
    }
    if (!hostname.includes('.') || (INTERNAL_NAME.test(hostname) && !(this.#allowLoopback && hostname === 'localhost')))
      return { ok: false, hostname, problem: 'internal_name', detail: 'internal name' };

    let addresses: readonly { address: string; family: number }[];
    try {
      addresses = await abortable(this.#lookup(hostname), signal);
    } catch (err) {
      const { code, name } = err as { code?: unknown; name?: unknown };
      const detail = typeof code === 'string' ? code : typeof name === 'string' ? name : 'lookup failed';
      return { ok: false, hostname, problem: 'unresolved', detail };
    }
    if (addresses.length === 0) return { ok: false, hostname, problem: 'unresolved', detail: 'no address' };
    for (const { address } of addresses) {
      const verdict = this.allows(address);
      if (!verdict.ok) return { ok: false, hostname, problem: 'refused_address', detail: verdict.detail };
    }
    const first = addresses[0] as { address: string; family: number };
    return { ok: true, hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
  }
}

/** getaddrinfo cannot be cancelled, but nobody has to wait for it past the caller's deadline. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err as Error);
      },
    );
  });
}
