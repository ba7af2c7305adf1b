import type { Request, Response } from 'express';
import type { Actor, SessionUser } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { AppError, unauthorized } from '#core/http/route/errors.js';
import { checkWithLockout, findUserById, knownDeviceOf } from '../accounts/index.js';
import { endSecondStep, pendingSecondStep } from './second-step.js';
import { logSecurityEvent, type SignInMethod } from './security-log.js';
import { checkSecondFactorCode, wrongCode } from './totp.service.js';

const NO_PENDING = 'Die Anmeldung ist abgelaufen. Gib bitte noch einmal deine E-Mail-Adresse und dein Passwort ein.';

/** A code under the account's lockout: a wrong one counts like a wrong password. */
async function codeUnderLockout(ctx: AppContext, req: Request, user: Pick<SessionUser, 'id' | 'email'>, code: string): Promise<SignInMethod | undefined> {
  let method: SignInMethod | undefined;
  const attempt = { email: user.email, userId: user.id, device: knownDeviceOf(ctx, req, user.id) ?? null };
  await checkWithLockout(ctx, attempt, async () => {
    method = await checkSecondFactorCode(ctx, user.id, code);
    return method !== undefined;
  });
  return method;
}

/** The second step of a password login: the cookie of the first names the account, the code finishes it. */
export async function secondStepLogin(ctx: AppContext, req: Request, res: Response, code: string): Promise<SessionUser> {
  const pending = pendingSecondStep(ctx, req);
  const user = pending ? await findUserById(ctx.db, pending.userId) : undefined;
  // A password change or a ban since the first step ends it (token version), like a session.
  if (!pending || !user || user.token_version !== pending.tokenVersion) throw unauthorized(NO_PENDING);
  if (user.status !== 'active') throw new AppError(403, 'account_blocked', 'Dein Konto ist gesperrt. Melde dich bei uns, wenn du Fragen hast.');
  const method = await codeUnderLockout(ctx, req, user, code);
  if (!method) throw new AppError(401, 'wrong_code', 'Der Code stimmt nicht. Nimm den aktuellen aus deiner App oder einen Wiederherstellungscode.');
  endSecondStep(ctx, res);
  await logSecurityEvent(ctx.db, req, ctx.clock.now(), user.id, 'sign_in', method);
  return user;
}

/** Raises a logged-in session with a code (the staff routes then serve it for 12 hours). */
export async function stepUp(ctx: AppContext, actor: Actor, req: Request, code: string): Promise<void> {
  const method = await codeUnderLockout(ctx, req, actor, code);
  if (!method) throw wrongCode();
  await logSecurityEvent(ctx.db, req, ctx.clock.now(), actor.id, 'step_up', method);
}
