import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Kysely } from 'kysely';
import { HOUR, MINUTE, systemClock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../route/errors.js';
import { DbRateLimitStore } from './rate-limit-store.js';
import { markRateLimited } from '../route/route-errors.js';

/**
 * THE table of rate-limit families. `key` says what is counted: the client address (behind TRUST_PROXY hops),
 * the logged-in user, or the secret token in the path (`:token`, counted by its hash, so the counter table never
 * holds a token). Add a family here, then use `limits.<name>` in the route's `before`.
 */
export const RATE_LIMITS = {
  login: { windowMs: 5 * MINUTE, limit: 10, key: 'ip' },
  register: { windowMs: HOUR, limit: 5, key: 'ip' },
  // Passkey login options: each writes a challenge row (kept 5 minutes); a person needs one per login.
  passkeyOptions: { windowMs: MINUTE, limit: 30, key: 'ip' },
  // The second step after the password (a TOTP or recovery code): wrong codes only, per address; the account's
  // lockout (5 in 15 minutes) counts them too, so a stolen password buys no long guessing.
  secondFactor: {
    windowMs: 15 * MINUTE,
    limit: 10,
    key: 'ip',
    onlyFailures: true,
    message: 'Zu viele falsche Codes. Warte eine Viertelstunde und versuch es dann noch mal.',
  },
  // Codes of a logged-in user (step-up, TOTP confirm and switch-off): wrong ones only, per account.
  stepUp: {
    windowMs: 15 * MINUTE,
    limit: 10,
    key: 'user',
    onlyFailures: true,
    message: 'Zu viele falsche Codes. Warte eine Viertelstunde und versuch es dann noch mal.',
  },
  // Password reset links: 5 an hour per address here; 5 an hour per account address in password-reset.ts.
  passwordReset: { windowMs: HOUR, limit: 5, key: 'ip' },
  // Setting the new password: each try costs an argon2 hash, and a token is 256 bits, so a few a minute is plenty.
  passwordResetConfirm: { windowMs: 5 * MINUTE, limit: 10, key: 'ip' },
  verifyResend: { windowMs: HOUR, limit: 5, key: 'user' },
  // Email changes mail a stranger's address: a few an hour per account.
  emailChange: { windowMs: HOUR, limit: 5, key: 'user' },
  partnerCodeInfo: { windowMs: MINUTE, limit: 30, key: 'ip' },
  breedList: { windowMs: MINUTE, limit: 60, key: 'ip' },
  breedDetail: { windowMs: MINUTE, limit: 30, key: 'ip' },
  // Search engines on the server-rendered breed pages (wiki/visitors.ts): generous, still bounded per address.
  breedPagesCrawler: { windowMs: MINUTE, limit: 300, key: 'ip' },
  // The public lost-dog page behind a poster's QR code (and its photo): people scan, scripts would enumerate.
  publicPoster: { windowMs: MINUTE, limit: 30, key: 'ip' },
  // The public poison-warning page, shared with neighbours: the same bound as the lost-dog page, its own counter.
  publicWarning: { windowMs: MINUTE, limit: 30, key: 'ip' },
  aiTraining: { windowMs: HOUR, limit: 10, key: 'user' },
  // Note analyses: premium has no monthly cap (decisions, AI); this bounds a runaway client's cost per hour.
  aiNoteAnalysis: { windowMs: HOUR, limit: 30, key: 'user' },
  poisonReport: { windowMs: HOUR, limit: 3, key: 'user' },
  // Direct messages and forum posts: a person types far slower; a spammer script does not.
  messageSend: { windowMs: MINUTE, limit: 30, key: 'user' },
  forumPost: { windowMs: HOUR, limit: 60, key: 'user' },
  // Reports to the moderators (map items): enough for an honest user, not for flooding the queue.
  contentReport: { windowMs: HOUR, limit: 20, key: 'user' },
  upload: { windowMs: HOUR, limit: 300, key: 'user' },
  // Dog-welcome taps read OpenStreetMap and edit it: a person visits a few venues a day, not hundreds an hour.
  mapContribution: { windowMs: HOUR, limit: 60, key: 'user' },
  // Venue search asks Overpass each time (no tile cache): a search box, not a crawler.
  mapSearch: { windowMs: MINUTE, limit: 20, key: 'user' },
  // Route plans call the routing service (40 a minute for the whole key); the weekly allowance is separate.
  routePlan: { windowMs: MINUTE, limit: 20, key: 'user' },
  // CSP violation reports: a broken page sends a few per view; a flood from one address is not worth storing.
  cspReport: { windowMs: MINUTE, limit: 30, key: 'ip' },
  // A calendar feed address: calendar apps poll it (Apple as often as every 5 minutes, on a few devices at once);
  // a leaked address fetched by a script is bounded per address, whichever network it comes from.
  calendarFeed: { windowMs: HOUR, limit: 60, key: 'token' },
  // The alert mails' unsubscribe link (no login, a signed token): only wrong tokens count, so a mail client that
  // posts a good link again and again is never stopped, while an address that guesses is after 10 an hour.
  unsubscribeWrongToken: {
    windowMs: HOUR,
    limit: 10,
    key: 'ip',
    onlyFailures: true,
    message: 'Zu viele ungültige Abbestell-Links von dieser Adresse. Versuch es in einer Stunde noch mal oder bestell die Warnungen in der App ab.',
  },
} as const satisfies Record<string, RateLimitFamily>;

interface RateLimitFamily {
  windowMs: number;
  limit: number;
  key: 'ip' | 'user' | 'token';
  /** Answers below 400 give their count back (express-rate-limit's skipSuccessfulRequests): only failures count. */
  onlyFailures?: boolean;
  /** The 429's message where the general one says too little. */
  message?: string;
}

// The client adds the exact wait from Retry-After, so the sentence names none (a lockout message names its own).
const GENERAL_MESSAGE = 'Zu viele Anfragen auf einmal.';

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimiters = Record<RateLimitName, RequestHandler>;

function clientKey(req: Request): string {
  return 'ip:' + ipKeyGenerator(req.ip ?? 'unknown');
}

/** A path token's counter key: its SHA-256, never the token itself. */
function tokenKey(req: Request): string {
  const token = typeof req.params.token === 'string' ? req.params.token : '';
  return `token:${createHash('sha256').update(token).digest('hex')}`;
}

function keyOf(key: 'ip' | 'user' | 'token', req: Request): string {
  if (key === 'token') return tokenKey(req);
  return key === 'user' && req.user ? `u:${req.user.id}` : clientKey(req);
}

/**
 * One set of limiters per app instance, counting in the database (DbRateLimitStore): the counts survive a restart
 * and every instance on the same database shares them. The windows run on real time, not the app's clock:
 * express-rate-limit computes Retry-After and the RateLimit headers from Date.now().
 */
export function createRateLimiters(enabled: boolean, db: Kysely<Database>): RateLimiters {
  const entries = Object.entries(RATE_LIMITS as Record<string, RateLimitFamily>).map(([name, family]) => {
    // Marked either way, so the document names the 429 whether or not limits are on (route-errors.ts).
    if (!enabled) return [name, markRateLimited((_req, _res, next) => next())] as const;
    const limiter = rateLimit({
      windowMs: family.windowMs,
      limit: family.limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      identifier: name,
      store: new DbRateLimitStore(db, systemClock, name, family.windowMs),
      keyGenerator: (req) => keyOf(family.key, req),
      skipSuccessfulRequests: family.onlyFailures ?? false,
      handler: (_req, _res, next) => {
        next(new AppError(429, 'rate_limited', family.message ?? GENERAL_MESSAGE));
      },
    });
    return [name, markRateLimited(limiter)] as const;
  });
  return Object.fromEntries(entries) as RateLimiters;
}
