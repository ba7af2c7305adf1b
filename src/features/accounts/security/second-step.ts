import { createHmac, createSecretKey } from 'node:crypto';
import type { Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { readCookie } from '#core/auth/session.js';
import type { SessionUser } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';

/**
 * Between a right password and the TOTP code there is no session: only this cookie, signed with its own key (so it
 * can never pass for a session token), naming the account for 5 minutes and valid only at the second step's route.
 */
export const SECOND_STEP_COOKIE = 'zweiter_schritt';
const LIFETIME_SECONDS = 5 * 60;
const PATH = '/api/auth/login/';

const keyOf = (ctx: AppContext) => createSecretKey(createHmac('sha256', ctx.config.auth.jwtSecret).update('pfotenbuch second step v1').digest());

export function startSecondStep(ctx: AppContext, res: Response, user: Pick<SessionUser, 'id' | 'token_version'>): void {
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const token = jwt.sign({ sub: String(user.id), tv: user.token_version, iat: now, exp: now + LIFETIME_SECONDS }, keyOf(ctx), { algorithm: 'HS256' });
  res.cookie(SECOND_STEP_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.auth.cookieSecure,
    path: PATH,
    maxAge: LIFETIME_SECONDS * 1000,
  });
}

export function endSecondStep(ctx: AppContext, res: Response): void {
  res.clearCookie(SECOND_STEP_COOKIE, { httpOnly: true, sameSite: 'strict', secure: ctx.config.auth.cookieSecure, path: PATH });
}

/** The account waiting for its second step, with the token version it had at the password (undefined: none, expired). */
export function pendingSecondStep(ctx: AppContext, req: Request): { userId: number; tokenVersion: number } | undefined {
  const token = readCookie(req.headers.cookie, SECOND_STEP_COOKIE);
  if (!token) return undefined;
  try {
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const claims = jwt.verify(token, keyOf(ctx), { algorithms: ['HS256'], clockTimestamp: now });
    if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.tv !== 'number') return undefined;
    return { userId: Number(claims.sub), tokenVersion: claims.tv };
  } catch {
    return undefined;
  }
}
