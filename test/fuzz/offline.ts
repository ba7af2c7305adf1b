// The fuzz stage sends generated URLs the app may act on (push endpoints, map searches): nothing of it may leave the
// machine. Every outside service is configured to a refusing local port, and on top of that this process refuses
// DNS for any name but localhost and TCP connections to any address but loopback, so a forgotten setting fails
// fast and locally instead of reaching the internet.
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const LOCAL = new Set(['localhost', '127.0.0.1', '::1', '::ffff:127.0.0.1']);

function refused(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`fuzz: no network outside this machine (${host})`), { code: 'ENOTFOUND' });
}

/** Environment for the fuzz app: every outside service points at port 9 on loopback, which refuses at once. */
export const OFFLINE_ENV: Record<string, string> = {
  BRIGHTSKY_URL: 'http://127.0.0.1:9',
  OPEN_METEO_URL: 'http://127.0.0.1:9',
  OVERPASS_URLS: 'http://127.0.0.1:9',
  OSM_API_URL: 'http://127.0.0.1:9',
  ROUTING_URL: 'http://127.0.0.1:9',
  FOOD_ALERTS_URL: 'http://127.0.0.1:9',
  WEATHER_ALERTS_URL: 'http://127.0.0.1:9',
  NOMINATIM_URL: '',
  PUSH_TIMEOUT_MS: '500',
};

export function stayOffline(): void {
  const lookup = dns.lookup;
  dns.lookup = ((hostname: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (err: Error | null) => void;
    if (!LOCAL.has(hostname)) return process.nextTick(() => cb(refused(hostname)));
    return (lookup as (...args: unknown[]) => void)(hostname, options, callback);
  }) as typeof dns.lookup;
  const promised = dns.promises.lookup;
  dns.promises.lookup = ((hostname: string, options?: unknown) =>
    LOCAL.has(hostname)
      ? (promised as (...a: unknown[]) => Promise<unknown>)(hostname, options)
      : Promise.reject(refused(hostname))) as typeof dns.promises.lookup;
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0] as { host?: string; path?: string } | number | string | unknown[];
    const options = (Array.isArray(first) ? first[0] : first) as { host?: string; path?: string } | number | string;
    const host = typeof options === 'object' && options ? options.host : typeof args[1] === 'string' ? args[1] : undefined;
    const isPath = typeof options === 'string' || (typeof options === 'object' && options?.path);
    if (!isPath && host && !LOCAL.has(host)) {
      process.nextTick(() => this.destroy(refused(host)));
      return this;
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
  syncBuiltinESMExports();
}
