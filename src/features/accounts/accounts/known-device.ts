import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie } from '#core/auth/session.js';
import { DAY } from '#core/clock.js';
import type { AppContext } from '#core/context.js';

/**
 * "Known device" cookies (OWASP, Blocking Brute Force Attacks: device cookies). A browser that once logged in to
 * an account carries a signed cookie naming that account and a random device id. While the account is locked after
 * failed attempts from elsewhere, such a browser may still log in; only its own failures lock it. So an attacker
 * who knows an email can no longer lock its owner out.
 */
export const DEVICE_COOKIE = 'device';
const MAX_AGE_DAYS = 365;

const keyOf = (ctx: AppContext) => createHmac('sha256', ctx.config.auth.jwtSecret).update('pfotenbuch known-device v1').digest();
const signatureOf = (ctx: AppContext, userId: number, deviceId: string) => createHmac('sha256', keyOf(ctx)).update(`${userId}.${deviceId}`).digest('base64url');

/** Sets (or renews) the cookie after a successful login: one cookie per browser, for the last account used on it. */
export function rememberDevice(ctx: AppContext, req: Request, res: Response, userId: number): void {
  const deviceId = knownDeviceOf(ctx, req, userId) ?? randomBytes(16).toString('base64url');
  res.cookie(DEVICE_COOKIE, `${userId}.${deviceId}.${signatureOf(ctx, userId, deviceId)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.auth.cookieSecure,
    path: '/api/',
    maxAge: MAX_AGE_DAYS * DAY,
  });
}

/** The device id when the request carries a valid cookie for this account; undefined otherwise. */
export function knownDeviceOf(ctx: AppContext, req: Request, userId: number | undefined): string | undefined {
  if (userId === undefined) return undefined;
  const parts = readCookie(req.headers.cookie, DEVICE_COOKIE)?.split('.');
  if (parts?.length !== 3) return undefined;
  const [id, deviceId, signature] = parts as [string, string, string];
  if (id !== String(userId) || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) return undefined;
  const expected = Buffer.from(signatureOf(ctx, userId, deviceId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : undefined;
}
