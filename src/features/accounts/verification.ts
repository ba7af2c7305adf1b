import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../core/context.js';
import { HOUR } from '../../core/clock.js';
import type { Db } from '../../core/db/index.js';

export const VERIFICATION_VALID_MS = 48 * HOUR;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Only the hash of the token is stored: a leaked database does not verify anyone's address. */
export async function createVerificationToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('email_verifications')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + VERIFICATION_VALID_MS).toISOString(),
    })
    .execute();
  return token;
}

/** Marks the address verified; false for an unknown, used or expired token. */
export async function consumeVerificationToken(db: Db, token: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('email_verifications')
      .where('token_hash', '=', sha256(token))
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at <= now.toISOString()) return false;
    await trx
      .updateTable('users')
      .set({ email_verified_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', row.user_id)
      .where('email_verified_at', 'is', null)
      .execute();
    await trx.deleteFrom('email_verifications').where('user_id', '=', row.user_id).execute();
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
