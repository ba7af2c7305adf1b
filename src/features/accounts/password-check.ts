import { dummyPasswordHash, verifyPassword } from '../../core/auth/passwords.js';
import type { AppContext } from '../../core/context.js';
import { tooManyRequests } from '../../core/http/errors.js';
import { beginAttempt, clearFailures, dropAttempt, LOCKOUT_MAX_FAILURES, lockedForSeconds } from './lockout.repo.js';

function lockedError(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return tooManyRequests(
    `Zu viele Fehlversuche. Bitte warte ${minutes === 1 ? 'eine Minute' : `${minutes} Minuten`} und versuch es dann noch mal.`,
    seconds,
    'login_locked',
  );
}

/**
 * Every password check (login, password change, account deletion) goes through the per-account lockout:
 * 5 failures within 15 minutes → 429 with Retry-After. An unknown account is checked against a dummy hash, so the
 * answer time does not tell whether the email exists.
 */
export async function checkPasswordWithLockout(ctx: AppContext, email: string, passwordHash: string | undefined, password: string): Promise<boolean> {
  const now = ctx.clock.now();
  const attempt = await beginAttempt(ctx.db, email, now);
  if (attempt.earlier >= LOCKOUT_MAX_FAILURES) {
    await dropAttempt(ctx.db, attempt.id);
    throw lockedError(await lockedForSeconds(ctx.db, email, now));
  }
  const valid = await verifyPassword(passwordHash ?? (await dummyPasswordHash(ctx.config.auth.argon2)), password);
  if (valid && passwordHash) await clearFailures(ctx.db, email);
  return valid && passwordHash !== undefined;
}
