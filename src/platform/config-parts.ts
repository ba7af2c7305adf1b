import { Cron } from 'croner';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Env } from '#core/config.js';
import { VERSION_FILE } from '#core/paths.js';

/** The parts config.ts builds its settings from: value types of the schema, the build number, the secrets (development's generated), media. */

export const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');
export const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/** Empty means unset: `WEB_CONCURRENCY=` in a unit file or .env gives the default. */
export const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);

/** An integer setting from min to max, with one message for every way it can be wrong. */
export function intSetting(min: number, max: number, fallback: number, message: string) {
  return z.preprocess(unsetIfEmpty, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback));
}

export function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

export function readBuildNumber(): string {
  const raw = readFileSync(VERSION_FILE, 'utf8').trim();
  if (!/^[0-9A-Za-z.\-]{1,40}$/.test(raw)) throw new Error(`VERSION enthält keine gültige Build-Nummer: "${raw}"`);
  return raw;
}

interface DevSecrets {
  jwtSecret: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

/**
 * A VAPID key pair as web-push's generateVAPIDKeys writes it (base64url: the uncompressed P-256 point, 65 bytes, and
 * the private scalar, 32 bytes), made with node:crypto so that web-push need not load at start. JWK coordinates
 * have their full length (RFC 7518 §6.2.1), so no padding is needed.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.of(4), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

/** Development only: secrets are generated once and kept in the data folder, so sessions survive restarts. */
export function loadOrCreateDevSecrets(dataDir: string): { secrets: DevSecrets; created: boolean } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return { secrets: JSON.parse(readFileSync(file, 'utf8')) as DevSecrets, created: false };
  const vapid = generateVapidKeys();
  const secrets: DevSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return { secrets, created: true };
}

/** The secrets from the environment; what it lacks (development) from the data folder's secrets.json, made once. */
export function secretsOf(e: Env, dataDir: string): DevSecrets & { generated: boolean } {
  const { JWT_SECRET: jwtSecret, VAPID_PUBLIC_KEY: vapidPublicKey, VAPID_PRIVATE_KEY: vapidPrivateKey } = e;
  if (jwtSecret && vapidPublicKey && vapidPrivateKey) return { jwtSecret, vapidPublicKey, vapidPrivateKey, generated: false };
  const { secrets, created } = loadOrCreateDevSecrets(dataDir);
  return {
    jwtSecret: jwtSecret ?? secrets.jwtSecret,
    vapidPublicKey: vapidPublicKey ?? secrets.vapidPublicKey,
    vapidPrivateKey: vapidPrivateKey ?? secrets.vapidPrivateKey,
    generated: created,
  };
}

/** MEDIA_STORAGE and its S3 variables (checked complete in loadConfig). */
export function mediaSettings(e: Env) {
  if (e.MEDIA_STORAGE === 'local') return Object.freeze({ driver: 'local' as const });
  return Object.freeze({
    driver: 's3' as const,
    s3: Object.freeze({
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET ?? '',
      accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      timeoutMs: e.S3_TIMEOUT_MS,
    }),
  });
}
