import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '#core/context.js';

/** One-click unsubscribe from the safety mails (RFC 8058): a signed link that needs no login. */
const unsubscribeKey = (ctx: AppContext) => createHmac('sha256', ctx.config.auth.jwtSecret).update('pfotenbuch safety-mail unsubscribe v1').digest();

export function unsubscribeToken(ctx: AppContext, userId: number): string {
  return createHmac('sha256', unsubscribeKey(ctx)).update(String(userId)).digest('base64url');
}

export function validUnsubscribeToken(ctx: AppContext, userId: number, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(ctx, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(ctx: AppContext, userId: number): string {
  return `${ctx.config.publicUrl}/api/safety-mail/unsubscribe?u=${userId}&t=${unsubscribeToken(ctx, userId)}`;
}
