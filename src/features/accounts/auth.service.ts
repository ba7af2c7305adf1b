import type { z } from 'zod';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../core/auth/passwords.js';
import type { SessionUser } from '../../core/auth/session-user.js';
import type { AppContext } from '../../core/context.js';
import { AppError, conflict, tooManyRequests, unauthorized } from '../../core/http/errors.js';
import { redeemPartnerCode } from '../partner/index.js';
import type { LoginBody, RegisterBody } from './auth.schemas.js';
import { clearFailures, lockedForSeconds, recordFailure } from './lockout.repo.js';
import { emailTaken, findCredentialsByEmail, findUserById, insertUser } from './users.repo.js';
import { sendVerificationMail } from './verification.js';

const WRONG_CREDENTIALS = 'E-Mail-Adresse oder Passwort stimmt nicht.';

export async function register(ctx: AppContext, body: z.infer<typeof RegisterBody>): Promise<SessionUser> {
  if (await emailTaken(ctx.db, body.email)) throw conflict('Mit dieser E-Mail-Adresse gibt es schon ein Konto.', 'email_taken');
  // Hash before the transaction: no slow work while holding the write lock.
  const passwordHash = await hashPassword(body.password, ctx.config.auth.argon2);
  const now = ctx.clock.now().toISOString();
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertUser(trx, { email: body.email, password_hash: passwordHash, name: body.name, now });
    // Partner code (checked first) and referral code are applied here by the partner area.
    if (body.partner_code) await redeemPartnerCode(trx, { userId: id, code: body.partner_code, now });
    // referral_code: there is no referral program yet; the field is accepted and ignored (docs/areas/accounts-billing.md).
    return id;
  });
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error('registered user vanished');
  await sendVerificationMail(ctx, user);
  return user;
}

export async function login(ctx: AppContext, body: z.infer<typeof LoginBody>): Promise<SessionUser> {
  const now = ctx.clock.now();
  const lockedSeconds = await lockedForSeconds(ctx.db, body.email, now);
  if (lockedSeconds > 0)
    throw tooManyRequests('Zu viele Fehlversuche. Bitte warte 15 Minuten und versuch es dann noch mal.', lockedSeconds, 'login_locked');

  const credentials = await findCredentialsByEmail(ctx.db, body.email);
  const hash = credentials?.password_hash ?? (await dummyPasswordHash(ctx.config.auth.argon2));
  const valid = await verifyPassword(hash, body.password);
  if (!credentials || !valid) {
    await recordFailure(ctx.db, body.email, now);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  if (credentials.status !== 'active') throw new AppError(403, 'account_blocked', 'Dein Konto ist gesperrt. Melde dich bei uns, wenn du Fragen hast.');
  await clearFailures(ctx.db, body.email);
  const user = await findUserById(ctx.db, credentials.id);
  if (!user) throw unauthorized(WRONG_CREDENTIALS);
  return user;
}
