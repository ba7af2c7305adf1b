import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Clock } from '../clock.js';
import { DAY, HOUR } from '../clock.js';
import type { Db } from '../db/index.js';
import type { WriteWatchPlugin } from '#platform/db/write-watch.js';
import { SessionCache } from './session-cache.js';
import { findSessionUser, insertRevokedToken } from './session.repo.js';
import type { SessionUser } from './session-user.js';
import type { SessionClaims, TokenService } from './tokens.js';

export const SESSION_COOKIE = 'session';
/**
 * A marker beside the session, readable by scripts: "someone is logged in in this browser", nothing more (no id,
 * no token). The server-rendered public pages are the same HTML for everybody (cacheable); a small script
 * (/js/session-link.js) reads the marker and turns "Anmelden" into "Zur App".
 */
export const SESSION_MARKER_COOKIE = 'angemeldet';

/** A session's account and whether the session was revoked. */
type SessionLookup = { user: SessionUser; revoked: boolean };

/** How long a passkey or TOTP code keeps a session raised for the staff routes (decisions: 12 hours). */
export const STAFF_SECOND_FACTOR_MS = 12 * HOUR;

/**
 * A session a token continues: its login time and id (renewals keep both) and when it was raised with a second
 * factor (`sf`, seconds). A new session passes only `sf` (a passkey login) or nothing (a password login).
 */
export interface SessionRef {
  at?: number;
  jti?: string;
  sf?: number;
}

export interface SessionOptions {
  expiryDays: number;
  refreshFraction: number;
  sessionMaxDays: number;
  cookieSecure: boolean;
  /** STAFF_SECOND_FACTOR: 'required' keeps staff routes to raised sessions, 'off' (development) does not. */
  staffSecondFactor: 'required' | 'off';
}

/** Reads one cookie without parsing the whole header into an object or splitting it (this runs on every API request). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const prefix = name + '=';
  let at = 0;
  while (at < header.length) {
    while (header.charCodeAt(at) === 0x20 || header.charCodeAt(at) === 0x09) at++; // the blanks after a ';'
    const end = header.indexOf(';', at);
    const stop = end === -1 ? header.length : end;
    if (header.startsWith(prefix, at)) {
      try {
        const value = header.slice(at + prefix.length, stop);
        return value.includes('%') ? decodeURIComponent(value) : value; // a JWT never holds one
      } catch {
        return undefined; // a malformed cookie is no cookie, not a 500
      }
    }
    at = stop + 1;
  }
  return undefined;
}

/**
 * Sessions are JWTs in an HttpOnly cookie. A token is accepted only when its signature and expiry hold, its jti is
 * not blacklisted, its token version equals the user's (password change, deletion, suspension and ban bump it),
 * the user is active, and the login is at most SESSION_MAX_DAYS old.
 */
export class SessionManager {
  readonly #cache: SessionCache;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    private readonly options: SessionOptions,
    writes?: WriteWatchPlugin,
  ) {
    this.#cache = new SessionCache(writes);
  }

  /**
   * A signed session token. A renewal passes the session's login time (`at`, seconds) and id (`jti`) on, so the
   * 30-day cap counts from the login and a logout reaches every token of the session.
   */
  createToken(user: Pick<SessionUser, 'id' | 'token_version'>, session?: SessionRef): { token: string; maxAgeMs: number } {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const at = session?.at ?? now;
    const lifetime = Math.round((this.options.expiryDays * DAY) / 1000);
    const hardEnd = at + Math.round((this.options.sessionMaxDays * DAY) / 1000);
    const expiresAt = Math.min(now + lifetime, hardEnd);
    const { token } = this.tokens.sign({
      userId: user.id,
      tokenVersion: user.token_version,
      authTime: at,
      now,
      expiresAt,
      jti: session?.jti,
      secondFactorAt: session?.sf,
    });
    return { token, maxAgeMs: (expiresAt - now) * 1000 };
  }

  /** The current time in the tokens' unit (seconds), for a session raised now. */
  nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  /** Sets a fresh session cookie. */
  issue(res: Response, user: Pick<SessionUser, 'id' | 'token_version'>, session?: SessionRef): void {
    const { token, maxAgeMs } = this.createToken(user, session);
    res.cookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.cookieSecure,
      path: '/',
      maxAge: maxAgeMs,
    });
    res.cookie(SESSION_MARKER_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure: this.options.cookieSecure, path: '/', maxAge: maxAgeMs });
  }

  clear(res: Response): void {
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.options.cookieSecure, path: '/' });
    res.clearCookie(SESSION_MARKER_COOKIE, { httpOnly: false, sameSite: 'lax', secure: this.options.cookieSecure, path: '/' });
  }

  /**
   * Puts the session on the blacklist until its last possible token has expired: renewals keep the jti, so the
   * entry must outlive every one of them (login time + SESSION_MAX_DAYS), or the purge would revive an older token.
   */
  async revoke(token: { jti: string; at: number }): Promise<void> {
    const lastPossibleExpiry = token.at * 1000 + this.options.sessionMaxDays * DAY;
    await insertRevokedToken(this.db, token.jti, new Date(lastPossibleExpiry).toISOString());
  }

  /** The user row and the blacklist check in one query, cached briefly (see session-cache.ts). */
  async #load(userId: number, jti: string): Promise<SessionLookup | undefined> {
    const generation = this.#cache.generation;
    const row = await findSessionUser(this.db, userId, jti);
    if (!row) return undefined;
    const { revoked, ...user } = row;
    this.#cache.set(generation, userId, jti, user, Boolean(Number(revoked)));
    return { user, revoked: Boolean(Number(revoked)) };
  }

  /** Loads req.user from the cookie when there is one; renews the cookie past the refresh point. */
  middleware(): RequestHandler {
    // Not async: a remembered session (nearly every request) is admitted in the same tick, without the two promises
    // and the microtask turn an await costs; only a lookup in the database returns its promise (series.ts waits).
    return (req: Request, res: Response, next) => {
      const token = readCookie(req.headers.cookie, SESSION_COOKIE);
      if (!token) return next();
      const now = Math.floor(this.clock.now().getTime() / 1000);
      const claims = this.tokens.verify(token, now);
      const maxAgeSeconds = Math.round((this.options.sessionMaxDays * DAY) / 1000);
      if (!claims || claims.at + maxAgeSeconds <= now) {
        this.clear(res);
        return next();
      }
      const userId = Number(claims.sub);
      const cached = this.#cache.get(userId, claims.jti);
      if (cached) return this.#admit(req, res, next, claims, now, cached);
      return this.#load(userId, claims.jti).then((session) => this.#admit(req, res, next, claims, now, session));
    };
  }

  /** Lets the session's user in if the session holds (not revoked, same token version, account active), else ends it. */
  #admit(req: Request, res: Response, next: NextFunction, claims: SessionClaims, now: number, session: SessionLookup | undefined): void {
    const user = session?.user;
    if (!user || session.revoked || user.token_version !== claims.tv || user.status !== 'active') {
      this.clear(res);
      return next();
    }
    req.user = user;
    req.sessionToken = { jti: claims.jti, at: claims.at, sf: claims.sf };
    req.staffCleared = this.options.staffSecondFactor === 'off' || (claims.sf !== undefined && (now - claims.sf) * 1000 < STAFF_SECOND_FACTOR_MS);
    const lifetime = (this.options.expiryDays * DAY) / 1000;
    if (now - claims.iat > lifetime / this.options.refreshFraction) this.issue(res, user, req.sessionToken);
    next();
  }
}
