import { dummyPasswordHash, verifyPassword } from '#core/auth/passwords.js';
import type { AppContext } from '#core/context.js';
import { tooManyRequests } from '#core/http/route/errors.js';
import { beginAttempt, clearFailures, dropAttempt, LOCKOUT_MAX_FAILURES, LOCKOUT_WINDOW_MS, lockedForSeconds } from './lockout.repo.js';
import { findUserById } from './users.repo.js';

function lockedError(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return tooManyRequests(
    `Zu viele Fehlversuche. Bitte warte ${minutes === 1 ? 'eine Minute' : `${minutes} Minuten`} und versuch es dann noch mal.`,
    seconds,
    'login_locked',
  );
}

export interface PasswordAttempt {
  email: string;
  /** Undefined for an unknown email: checked against a dummy hash all the same. */
  userId: number | undefined;
  passwordHash: string | undefined;
  /** The known device the request comes from (known-device.ts), or null. */
  device: string | null;
}

/**
 * Every password check (login, password change, account deletion) goes through the per-account lockout:
 * 5 failures within 15 minutes → 429 with Retry-After, except for a browser the owner logged in with before, which
 * only its own 5 failures lock (known-device.ts). The failure that starts a lockout mails the owner. An unknown
 * account is checked against a dummy hash, so the answer time does not tell whether the email exists.
 */
export async function checkPasswordWithLockout(ctx: AppContext, attempt: PasswordAttempt, password: string): Promise<boolean> {
  return checkWithLockout(ctx, attempt, async () => {
    const valid = await verifyPassword(attempt.passwordHash ?? (await dummyPasswordHash(ctx.config.auth.argon2)), password);
    return valid && Boolean(attempt.passwordHash);
  });
}

/**
 * A sign-in step other than the password (a passkey assertion, a second-step code) under the same lockout: it counts
 * as an attempt, its failure as a failure, and a locked account answers 429 before `check` runs.
 */
export async function checkWithLockout(ctx: AppContext, attempt: Omit<PasswordAttempt, 'passwordHash'>, check: () => Promise<boolean>): Promise<boolean> {
  const { email, device } = attempt;
  const now = ctx.clock.now();
  const counted = await beginAttempt(ctx.db, email, now, device);
  const earlier = device ? counted.earlierOnDevice : counted.earlier;
  if (earlier >= LOCKOUT_MAX_FAILURES) {
    await dropAttempt(ctx.db, counted.id);
    throw lockedError(await lockedForSeconds(ctx.db, email, now, device));
  }
  if (await check()) {
    await clearFailures(ctx.db, email, device);
    return true;
  }
  // Exactly one failure makes the account's fifth (attempts are numbered before they are checked): it sends the mail.
  if (counted.earlier === LOCKOUT_MAX_FAILURES - 1 && attempt.userId !== undefined) await sendLockoutMail(ctx, attempt.userId);
  return false;
}

async function sendLockoutMail(ctx: AppContext, userId: number): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return;
  const app = ctx.config.appName;
  const minutes = LOCKOUT_WINDOW_MS / 60_000;
  await ctx.mail.enqueue({
    to: user.email,
    subject: `${app}: mehrere falsche Passwörter für dein Konto`,
    text:
      `Hallo ${user.name},\n\ngerade wurde ${LOCKOUT_MAX_FAILURES}-mal ein falsches Passwort für dein Konto eingegeben. ` +
      `Zum Schutz ist die Anmeldung jetzt ${minutes} Minuten lang gesperrt – aber nur für Geräte, mit denen du dich noch nie ` +
      `angemeldet hast. Auf deinen bekannten Geräten kannst du dich weiter anmelden.\n\n` +
      `Warst du das selbst? Dann ist alles in Ordnung.\n` +
      `Warst du das nicht? Dann ändere am besten dein Passwort im Profil (${ctx.config.publicUrl}/app/profil).\n\n` +
      `Viele Grüße\ndein ${app}-Team`,
  });
}
