import { createHash, randomBytes } from 'node:crypto';
import type { Actor } from '../../../core/auth/session-user.js';
import type { AppContext } from '../../../core/context.js';
import { HOUR } from '../../../core/clock.js';
import type { Db } from '../../../core/db/index.js';
import { conflict } from '../../../core/http/errors.js';
import { deleteVerificationsOf, insertVerification, takeVerification } from './tokens.repo.js';
import { markEmailVerified } from './users.repo.js';

export const VERIFICATION_VALID_MS = 48 * HOUR;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Only the hash of the token is stored: a leaked database does not verify anyone's address. */
export async function createVerificationToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + VERIFICATION_VALID_MS).toISOString();
  await insertVerification(db, { tokenHash: sha256(token), userId, now: now.toISOString(), expiresAt });
  return token;
}

/** Marks the address verified; false for an unknown, used or expired token. */
export async function consumeVerificationToken(db: Db, token: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await takeVerification(trx, sha256(token));
    if (!row || row.expires_at <= now.toISOString()) return false;
    await markEmailVerified(trx, row.user_id, now.toISOString());
    await deleteVerificationsOf(trx, row.user_id);
    return true;
  });
}

export async function sendVerificationMail(ctx: AppContext, user: { id: number; email: string; name: string }): Promise<void> {
  const token = await createVerificationToken(ctx.db, user.id, ctx.clock.now());
  const link = `${ctx.config.publicUrl}/api/auth/verify?token=${encodeURIComponent(token)}`;
  const app = ctx.config.appName;
  await ctx.mail.enqueue({
    to: user.email,
    subject: `Willkommen bei ${app} – bitte bestätige deine E-Mail-Adresse`,
    text:
      `Hallo ${user.name},\n\nschön, dass du da bist! Bitte bestätige deine E-Mail-Adresse mit diesem Link ` +
      `(48 Stunden gültig):\n\n${link}\n\nWenn du dich nicht bei ${app} angemeldet hast, ignoriere diese Mail einfach.\n\n` +
      `Viele Grüße\ndein ${app}-Team`,
  });
}

/** A new link for the caller; 409 once the address is verified. */
export async function resendVerificationMail(ctx: AppContext, actor: Actor): Promise<void> {
  if (actor.email_verified_at) throw conflict('Deine E-Mail-Adresse ist schon bestätigt.', 'already_verified');
  await sendVerificationMail(ctx, actor);
}
