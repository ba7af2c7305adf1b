import type { LookupAll } from '#core/upstream/address-guard.js';

/**
 * A resolver from a table, for the address guard's injected lookup: no test asks real DNS. `calls` lists the names
 * asked, so a test can count lookups; `set` changes an answer (DNS that changes between subscribing and sending).
 */
export function tableLookup(table: Record<string, string[]>): LookupAll & { calls: string[]; set(name: string, addresses: string[]): void } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, {
    calls,
    set(name: string, addresses: string[]) {
      table[name] = addresses;
    },
  });
}
