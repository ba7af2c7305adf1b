import { z } from 'zod';
import { ConfigError } from './config.js';

/**
 * The two settings of the server process itself (not of the app): how many worker processes serve HTTP and how
 * long an idle keep-alive connection stays open. They are read here rather than in config.ts because only
 * src/server.ts needs them (the CLI, tests and benchmarks build the app without a server); like config.ts this is
 * a reader of process.env, and both are documented in .env.example.
 */

/** Empty means unset: `WEB_CONCURRENCY=` in a unit file or .env gives the default. */
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);

/** An integer setting from min to max, with one message for every way it can be wrong. */
function intSetting(min: number, max: number, fallback: number, message: string) {
  return z.preprocess(unsetIfEmpty, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback));
}

const ServerEnvSchema = z.object({
  WEB_CONCURRENCY: intSetting(1, 64, 1, 'WEB_CONCURRENCY muss eine ganze Zahl von 1 bis 64 sein (Anzahl der Worker-Prozesse; 1 = ein Prozess ohne Cluster).'),
  // Above the idle timeout of the proxy in front (nginx's upstream keepalive_timeout is 60 s, cloud load balancers
  // idle out after 60 s): the proxy must give up an idle connection before the app closes it, or it may send a
  // request on a socket the app is closing and get a reset instead of an answer. headersTimeout goes 1 s above it
  // and must stay below Node's requestTimeout (300 s), hence the maximum.
  KEEP_ALIVE_TIMEOUT_MS: intSetting(1_000, 290_000, 65_000, 'KEEP_ALIVE_TIMEOUT_MS muss eine ganze Zahl von 1000 bis 290000 sein (Millisekunden).'),
});

export interface ServerEnv {
  /** Worker processes (node:cluster) serving HTTP; 1 = the single process, no cluster at all. */
  webConcurrency: number;
  /** How long an idle keep-alive connection stays open (the HTTP server's keepAliveTimeout). */
  keepAliveTimeoutMs: number;
}

export function loadServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = ServerEnvSchema.safeParse({ WEB_CONCURRENCY: env.WEB_CONCURRENCY, KEEP_ALIVE_TIMEOUT_MS: env.KEEP_ALIVE_TIMEOUT_MS });
  if (!parsed.success) {
    const lines = [...new Set(parsed.error.issues.map((i) => `  ${i.message}`))];
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  return { webConcurrency: parsed.data.WEB_CONCURRENCY, keepAliveTimeoutMs: parsed.data.KEEP_ALIVE_TIMEOUT_MS };
}
