import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../clock.js';
import { DAY } from '../clock.js';
import type { Db } from '../db/index.js';
import type { WriteWatchPlugin } from '../db/write-watch.js';
import { SessionCache } from './session-cache.js';
import { SESSION_USER_COLUMNS, type SessionUser } from './session-user.js';
import type { TokenService } from './tokens.js';

export const SESSION_COOKIE = 'session';

export interface SessionOptions {
  expiryDays: number;
  refreshFraction: number;
  sessionMaxDays: number;
  cookieSecure: boolean;
}

/** Reads one cookie without parsing the whole header into an object (this runs on every API request). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const prefix = name + '=';
  for (const part of header.split(';')) {
    const trimmed = part.trimStart();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
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

  /** A signed session token. `authTime` (seconds) carries over the original login on renewal. */
  createToken(user: Pick<SessionUser, 'id' | 'token_version'>, authTime?: number): { token: string; maxAgeMs: number } {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const at = authTime ?? now;
    const lifetime = Math.round((this.options.expiryDays * DAY) / 1000);
    const hardEnd = at + Math.round((this.options.sessionMaxDays * DAY) / 1000);
    const expiresAt = Math.min(now + lifetime, hardEnd);
    const { token } = this.tokens.sign({ userId: user.id, tokenVersion: user.token_version, authTime: at, now, expiresAt });
    return { token, maxAgeMs: (expiresAt - now) * 1000 };
  }

  /** Sets a fresh session cookie. */
  issue(res: Response, user: Pick<SessionUser, 'id' | 'token_version'>, authTime?: number): void {
    const { token, maxAgeMs } = this.createToken(user, authTime);
    res.cookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.cookieSecure,
      path: '/',
      maxAge: maxAgeMs,
    });
  }

  clear(res: Response): void {
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.options.cookieSecure, path: '/' });
  }

  /** Puts the token on the blacklist until it would have expired anyway. */
  async revoke(token: { jti: string; exp: number }): Promise<void> {
    await this.db
      .insertInto('revoked_tokens')
      .values({ jti: token.jti, expires_at: new Date(token.exp * 1000).toISOString() })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
  }

  /** The user row and the blacklist check in one query, cached briefly (see session-cache.ts). */
  async #lookup(userId: number, jti: string): Promise<{ user: SessionUser; revoked: boolean } | undefined> {
    const cached = this.#cache.get(userId, jti);
    if (cached) return cached;
    const row = await this.db
      .selectFrom('users')
      .select(SESSION_USER_COLUMNS)
      .select((eb) => eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)).as('revoked'))
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { revoked, ...user } = row;
    this.#cache.set(userId, jti, user, Boolean(Number(revoked)));
    return { user, revoked: Boolean(Number(revoked)) };
  }

  /** Loads req.user from the cookie when there is one; renews the cookie past the refresh point. */
  middleware(): RequestHandler {
    return async (req: Request, res: Response, next) => {
      const token = readCookie(req.headers.cookie, SESSION_COOKIE);
      if (!token) return next();
      const nowMs = this.clock.now().getTime();
      const now = Math.floor(nowMs / 1000);
      const claims = this.tokens.verify(token, now);
      const maxAgeSeconds = Math.round((this.options.sessionMaxDays * DAY) / 1000);
      if (!claims || claims.at + maxAgeSeconds <= now) {
        this.clear(res);
        return next();
      }
      const session = await this.#lookup(Number(claims.sub), claims.jti);
      const user = session?.user;
      if (!user || session.revoked || user.token_version !== claims.tv || user.status !== 'active') {
        this.clear(res);
        return next();
      }
      req.user = user;
      req.sessionToken = { jti: claims.jti, exp: claims.exp };
      const lifetime = (this.options.expiryDays * DAY) / 1000;
      if (now - claims.iat > lifetime / this.options.refreshFraction) this.issue(res, user, claims.at);
      next();
    };
  }
}
