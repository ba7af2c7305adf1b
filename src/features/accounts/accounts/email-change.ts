import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '#core/auth/session-user.js';
import { HOUR } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { isUniqueViolation } from '#core/db/errors.js';
import { AppError, badRequest, conflict } from '#core/http/route/errors.js';
import { putEmailChange, takeEmailChange } from './email-change.repo.js';
import { checkPasswordWithLockout } from './password-check.js';
import type { ChangeEmailBody } from './profile.schemas.js';
import { emailTaken, findPasswordHash, findUserById, updateUser } from './users.repo.js';

/** Decisions (Accounts: email change): the link to the new address is valid 24 hours and works once. */
export const EMAIL_CHANGE_VALID_MS = 24 * HOUR;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const takenError = () => conflict('Mit dieser E-Mail-Adresse gibt es schon ein Konto.', 'email_taken');

export type EmailChangeResult = 'ok' | 'invalid' | 'taken';

/**
 * Starts a change: the password proves it is the account's owner (under the login's lockout), the new address must
 * be free and not the current one. A link goes to the new address; until it is opened, login uses the old one.
 */
export async function requestEmailChange(ctx: AppContext, actor: Actor, body: z.infer<typeof ChangeEmailBody>, device: string | undefined): Promise<void> {
  if (body.new_email === actor.email) throw badRequest('Das ist schon deine E-Mail-Adresse.', { new_email: 'Das ist schon deine E-Mail-Adresse.' });
  const hash = await findPasswordHash(ctx.db, actor.id);
  if (!(await checkPasswordWithLockout(ctx, { email: actor.email, userId: actor.id, passwordHash: hash, device: device ?? null }, body.password)))
    throw new AppError(403, 'wrong_password', 'Das Passwort stimmt nicht.', { password: 'Das Passwort stimmt nicht.' });
  if (await emailTaken(ctx.db, body.new_email)) throw takenError();
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute((trx) =>
    putEmailChange(trx, {
      token_hash: sha256(token),
      user_id: actor.id,
      new_email: body.new_email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + EMAIL_CHANGE_VALID_MS).toISOString(),
    }),
  );
  const link = `${ctx.config.publicUrl}/api/me/email/confirm?token=${encodeURIComponent(token)}`;
  const app = ctx.config.appName;
  await ctx.mail.enqueue({
    to: body.new_email,
    subject: `${app}: Bitte bestätige deine neue E-Mail-Adresse`,
    text:
      `Hallo ${actor.name},\n\ndu möchtest dich bei ${app} künftig mit dieser Adresse anmelden. Bestätige sie mit diesem Link ` +
      `(24 Stunden gültig):\n\n${link}\n\nBis dahin gilt deine bisherige Adresse. Wenn du das nicht warst, ignoriere diese Mail einfach.\n\n` +
      `Viele Grüße\ndein ${app}-Team`,
  });
}

/**
 * Switches the address from the link. Sessions stay valid (the person is the same); the new address counts as
 * confirmed; the old one gets a notice, so a change nobody asked for does not go unseen. An address another account
 * took in the meantime → 'taken' (the unique index decides a race).
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<EmailChangeResult> {
  const now = ctx.clock.now().toISOString();
  let outcome: { result: EmailChangeResult; old?: { email: string; name: string }; next?: string } = { result: 'invalid' };
  try {
    outcome = await ctx.db.transaction().execute(async (trx) => {
      const row = await takeEmailChange(trx, sha256(token));
      if (!row || row.expires_at <= now) return { result: 'invalid' as const };
      const user = await findUserById(trx, row.user_id);
      if (!user || user.status !== 'active') return { result: 'invalid' as const };
      if (await emailTaken(trx, row.new_email)) return { result: 'taken' as const };
      await updateUser(trx, row.user_id, { email: row.new_email, email_verified_at: now, updated_at: now });
      return { result: 'ok' as const, old: { email: user.email, name: user.name }, next: row.new_email };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return 'taken';
  }
  if (outcome.result === 'ok' && outcome.old && outcome.next) {
    const app = ctx.config.appName;
    await ctx.mail.enqueue({
      to: outcome.old.email,
      subject: `${app}: Deine E-Mail-Adresse wurde geändert`,
      text:
        `Hallo ${outcome.old.name},\n\ndeine Anmeldung bei ${app} läuft ab jetzt über ${outcome.next}. Diese Adresse hier gilt nicht mehr.\n\n` +
        `Warst du das nicht? Dann antworte bitte sofort auf diese Mail, wir helfen dir.\n\nViele Grüße\ndein ${app}-Team`,
    });
  }
  return outcome.result;
}
