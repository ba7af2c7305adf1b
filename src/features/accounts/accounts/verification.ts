import { createHash, randomBytes } from 'node:crypto';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { HOUR } from '#core/clock.js';
import type { Db } from '#core/db/index.js';
import { conflict } from '#core/http/route/errors.js';
import { findVerification, insertVerification } from './tokens.repo.js';
import { findUserById, markEmailVerified } from './users.repo.js';

export const VERIFICATION_VALID_MS = 48 * HOUR;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Only the hash of the token is stored: a leaked database does not verify anyone's address. */
export async function createVerificationToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + VERIFICATION_VALID_MS).toISOString();
  await insertVerification(db, { tokenHash: sha256(token), userId, now: now.toISOString(), expiresAt });
  return token;
}

export type VerificationOutcome = 'verified' | 'already_verified' | 'invalid';

/**
 * Marks the address verified. A link of an address that is already verified (the same link clicked again, or an
 * older one of the same user) says so: 'already_verified', not "ungültig". 'invalid' for an unknown or expired one.
 * The links stay until they expire; they cannot verify anything twice (markEmailVerified sets the time once).
 */
export async function consumeVerificationToken(db: Db, token: string, now: Date): Promise<VerificationOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await findVerification(trx, sha256(token));
    if (!row) return 'invalid';
    const user = await findUserById(trx, row.user_id);
    if (user?.email_verified_at) return 'already_verified';
    if (!user || row.expires_at <= now.toISOString()) return 'invalid';
    await markEmailVerified(trx, row.user_id, now.toISOString());
    return 'verified';
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
