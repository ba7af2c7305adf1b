import { z } from 'zod';
import { LIMITS, requiredText } from '#core/http/route/schema-kit.js';

/** Lower-cased and trimmed before it is stored or compared: one account per address, whatever the spelling. */
export const Email = z
  .string()
  .trim()
  .max(LIMITS.email)
  .pipe(z.email())
  .transform((e) => e.toLowerCase());
export const Password = z.string().min(8).max(128);
export const Name = requiredText(LIMITS.title);

export const RegisterBody = z
  .strictObject({
    email: Email,
    password: Password,
    name: Name,
    partner_code: z.string().trim().max(100).optional(),
    referral_code: z.string().trim().max(100).optional(),
  })
  .meta({ id: 'RegisterBody' });

export const LoginBody = z
  .strictObject({
    email: z
      .string()
      .trim()
      .max(LIMITS.email)
      .transform((e) => e.toLowerCase()),
    password: z.string().max(128),
  })
  .meta({ id: 'LoginBody' });

export const PasswordResetBody = z.strictObject({ email: Email }).meta({ id: 'PasswordResetBody' });

export const PasswordResetConfirmBody = z.strictObject({ token: z.string().min(10).max(200), new_password: Password }).meta({ id: 'PasswordResetConfirmBody' });

export const VerifyQuery = z.object({ token: z.string().min(10).max(200) });
