import { z } from 'zod';
import { roundDegrees } from '#core/geo/index.js';
import { flagInput, LIMITS, optionalText } from '#core/http/route/schema-kit.js';
import { Email, Name, Password } from './auth.schemas.js';

/**
 * No email and no privileged field (rolle, tier, premium, founder, partner): strict, so they are 400.
 * No avatar_url either: avatars are set only by uploading one, so nobody can point theirs at another's photo.
 */
export const UpdateProfileBody = z
  .strictObject({
    name: Name.optional(),
    bio: z.string().max(LIMITS.body).nullable().optional(),
    city: optionalText(LIMITS.title),
    // Rounded to 7 decimals like every stored position (core/geo roundDegrees: 1e-300 would underflow in PostgreSQL).
    lat: z.number().min(-90).max(90).overwrite(roundDegrees).nullable().optional(),
    lon: z.number().min(-180).max(180).overwrite(roundDegrees).nullable().optional(),
    profile_private: flagInput.optional(),
    notes_ki_enabled: flagInput.optional(),
    is_social_media: flagInput.optional(),
  })
  .meta({ id: 'UpdateProfileBody' });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const ChangePasswordBody = z.strictObject({ current_password: z.string().max(128), new_password: Password }).meta({ id: 'ChangePasswordBody' });

export const DeleteAccountBody = z.strictObject({ password: z.string().max(128) }).meta({ id: 'DeleteAccountBody' });

export const ChangeEmailBody = z.strictObject({ new_email: Email, password: z.string().max(128) }).meta({ id: 'ChangeEmailBody' });

export const EmailConfirmQuery = z.object({ token: z.string().min(10).max(200) });
