import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { hashPassword } from '#core/auth/passwords.js';
import type { SessionUser } from '#core/auth/session-user.js';
import { HOUR } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { AppError } from '#core/http/route/errors.js';
import type { PasswordResetBody, PasswordResetConfirmBody } from './auth.schemas.js';
import { clearFailures } from './lockout.repo.js';
import { deleteResetsOf, insertReset, lockUserForReset, resetsSince, takeReset, voidResetsOf } from './password-reset.repo.js';
import { endAllSessions, findCredentialsByEmail, findUserById, markEmailVerified, updateUser } from './users.repo.js';

/** Decisions (Accounts: recovery): a link is valid one hour, works once, and at most 5 are sent an hour per address. */
export const RESET_VALID_MS = HOUR;
export const RESETS_PER_HOUR = 5;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const tokenInvalid = () =>
  new AppError(400, 'token_invalid', 'Dieser Link ist ungültig oder abgelaufen. Fordere einfach einen neuen an.', { token: 'Ungültiger Link.' });

/**
 * Sends a reset link when the address belongs to an active account. The caller has answered 202 already, the same
 * for every address, so neither the answer nor its time tells whether an account exists; what happens here is
 * only seen in the mailbox. Over the allowance, nothing is sent (and nothing is said).
 */
export async function requestPasswordReset(ctx: AppContext, body: z.infer<typeof PasswordResetBody>): Promise<void> {
  const account = await findCredentialsByEmail(ctx.db, body.email);
  if (!account || account.status !== 'active') return;
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  const made = await ctx.db.transaction().execute(async (trx) => {
    await lockUserForReset(trx, account.id);
    if ((await resetsSince(trx, account.id, new Date(now.getTime() - HOUR).toISOString())) >= RESETS_PER_HOUR) return false;
    await voidResetsOf(trx, account.id, now.toISOString());
    await insertReset(trx, {
      token_hash: sha256(token),
      user_id: account.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_VALID_MS).toISOString(),
    });
    return true;
  });
  if (!made) {
    ctx.log.warn({ userId: account.id }, 'password reset allowance used up: no mail sent');
    return;
  }
  const user = await findUserById(ctx.db, account.id);
  if (!user) return;
  const link = `${ctx.config.publicUrl}/app/passwort-neu?token=${encodeURIComponent(token)}`;
  const app = ctx.config.appName;
  await ctx.mail.enqueue({
    to: user.email,
    subject: `${app}: Neues Passwort festlegen`,
    text:
      `Hallo ${user.name},\n\ndu möchtest ein neues Passwort für ${app}? Dann leg es mit diesem Link fest ` +
      `(eine Stunde gültig, nur einmal nutzbar):\n\n${link}\n\n` +
      `Wenn du das nicht warst, ignoriere diese Mail einfach: dein Passwort bleibt, wie es ist.\n\nViele Grüße\ndein ${app}-Team`,
  });
}

/**
 * Sets the new password from a link: every session ends (the caller issues a fresh one), the address counts as
 * confirmed (the mail reached it), a login lockout of the address is lifted, and every other link of the user goes.
 */
export async function confirmPasswordReset(ctx: AppContext, body: z.infer<typeof PasswordResetConfirmBody>): Promise<SessionUser> {
  const now = ctx.clock.now().toISOString();
  // Hash before the transaction: no slow work while holding the write lock. A bad token costs one hash, which the
  // confirm rate limit bounds.
  const newHash = await hashPassword(body.new_password, ctx.config.auth.argon2);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const row = await takeReset(trx, sha256(body.token));
    if (!row || row.voided_at !== null || row.expires_at <= now) return undefined;
    const account = await findUserById(trx, row.user_id);
    if (!account || account.status !== 'active') return undefined;
    await updateUser(trx, row.user_id, { password_hash: newHash, updated_at: now });
    await endAllSessions(trx, row.user_id, now);
    if (!account.email_verified_at) await markEmailVerified(trx, row.user_id, now);
    await deleteResetsOf(trx, row.user_id);
    await clearFailures(trx, account.email);
    return row.user_id;
  });
  if (userId === undefined) throw tokenInvalid();
  const user = await findUserById(ctx.db, userId);
  if (!user) throw tokenInvalid();
  return user;
}
