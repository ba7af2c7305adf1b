import type { Request } from 'express';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { AppError } from '#core/http/route/errors.js';
import { checkPasswordWithLockout, findPasswordHash, knownDeviceOf } from '../accounts/index.js';

/** Adding a passkey, setting up or switching off TOTP: the password first, under the login's lockout. */
export async function requirePassword(ctx: AppContext, actor: Actor, req: Request, password: string): Promise<void> {
  const hash = await findPasswordHash(ctx.db, actor.id);
  const device = knownDeviceOf(ctx, req, actor.id) ?? null;
  if (!(await checkPasswordWithLockout(ctx, { email: actor.email, userId: actor.id, passwordHash: hash, device }, password)))
    throw new AppError(403, 'wrong_password', 'Das Passwort stimmt nicht.', { password: 'Das Passwort stimmt nicht.' });
}
