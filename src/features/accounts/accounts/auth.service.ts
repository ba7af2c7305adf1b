import type { z } from 'zod';
import { hashPassword } from '#core/auth/passwords.js';
import type { SessionUser } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { AppError, conflict, unauthorized } from '#core/http/route/errors.js';
import { isUniqueViolation } from '#core/db/errors.js';
import { redeemPartnerCode } from '../partner/index.js';
import type { LoginBody, RegisterBody } from './auth.schemas.js';
import { checkPasswordWithLockout } from './password-check.js';
import { emailTaken, findCredentialsByEmail, findUserById, insertUser } from './users.repo.js';
import { sendVerificationMail } from './verification.js';

const WRONG_CREDENTIALS = 'E-Mail-Adresse oder Passwort stimmt nicht.';

const emailTakenError = () => conflict('Mit dieser E-Mail-Adresse gibt es schon ein Konto.', 'email_taken');

export async function register(ctx: AppContext, body: z.infer<typeof RegisterBody>): Promise<SessionUser> {
  if (await emailTaken(ctx.db, body.email)) throw emailTakenError();
  // Hash before the transaction: no slow work while holding the write lock.
  const passwordHash = await hashPassword(body.password, ctx.config.auth.argon2);
  const now = ctx.clock.now().toISOString();
  const userId = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const id = await insertUser(trx, { email: body.email, password_hash: passwordHash, name: body.name, now });
      // Partner code (checked first) and referral code are applied here by the partner area.
      if (body.partner_code) await redeemPartnerCode(trx, { userId: id, code: body.partner_code, now });
      // referral_code: there is no referral program yet; the field is accepted and ignored (docs/areas/accounts-billing.md).
      return id;
    })
    .catch((err: unknown) => {
      // Two registrations racing for one email: the unique index decides, and the loser hears why.
      throw isUniqueViolation(err) ? emailTakenError() : err;
    });
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error('registered user vanished');
  await sendVerificationMail(ctx, user);
  return user;
}

/** `deviceOf` tells the known device of the request for the account found (known-device.ts). */
export async function login(
  ctx: AppContext,
  body: z.infer<typeof LoginBody>,
  deviceOf: (userId: number | undefined) => string | undefined,
): Promise<SessionUser> {
  const credentials = await findCredentialsByEmail(ctx.db, body.email);
  const attempt = { email: body.email, userId: credentials?.id, passwordHash: credentials?.password_hash, device: deviceOf(credentials?.id) ?? null };
  const valid = await checkPasswordWithLockout(ctx, attempt, body.password);
  if (!credentials || !valid) throw unauthorized(WRONG_CREDENTIALS);
  if (credentials.status !== 'active') throw new AppError(403, 'account_blocked', 'Dein Konto ist gesperrt. Melde dich bei uns, wenn du Fragen hast.');
  const user = await findUserById(ctx.db, credentials.id);
  if (!user) throw unauthorized(WRONG_CREDENTIALS);
  return user;
}
