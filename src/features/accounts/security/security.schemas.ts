import { z } from 'zod';
import { LIMITS, requiredText } from '#core/http/route/schema-kit.js';
import { Password } from '../accounts/index.js';

/** base64url as WebAuthn sends it (no padding, but tolerated), bounded. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Base64url erwartet');

/**
 * The browser's credential as @simplewebauthn/browser hands it over. Its inner objects are the WebAuthn format,
 * which browsers extend: unknown keys there are let through (bounded by the JSON body's limits), the body itself is strict.
 */
const credentialFrame = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
};

const RegistrationCredential = z.looseObject({
  ...credentialFrame,
  response: z.looseObject({
    clientDataJSON: base64url(10_000),
    attestationObject: base64url(40_000),
    authenticatorData: base64url(40_000).optional(),
    transports: z.array(z.string().max(30)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(10_000).optional(),
  }),
});

const AuthenticationCredential = z.looseObject({
  ...credentialFrame,
  response: z.looseObject({
    clientDataJSON: base64url(10_000),
    authenticatorData: base64url(40_000),
    signature: base64url(10_000),
    userHandle: base64url(1000).optional(),
  }),
});

const PasskeyName = requiredText(LIMITS.title);
/** A TOTP code (6 digits) or a recovery code (XXXXX-XXXXX); spaces and dashes do not matter. */
const Code = z.string().trim().min(6).max(20);

export const PasswordBody = z.strictObject({ password: Password }).meta({ id: 'PasswordBody' });
export const AddPasskeyBody = z.strictObject({ response: RegistrationCredential, name: PasskeyName.optional() }).meta({ id: 'AddPasskeyBody' });
export const RenamePasskeyBody = z.strictObject({ name: PasskeyName }).meta({ id: 'RenamePasskeyBody' });
export const PasskeyLoginBody = z.strictObject({ response: AuthenticationCredential }).meta({ id: 'PasskeyLoginBody' });
export const CodeBody = z.strictObject({ code: Code }).meta({ id: 'CodeBody' });
export const DisableTotpBody = z.strictObject({ password: Password, code: Code }).meta({ id: 'DisableTotpBody' });

export const WebAuthnOptions = z
  .record(z.string(), z.unknown())
  .meta({ id: 'WebAuthnOptions', description: 'Optionen für navigator.credentials (WebAuthn, JSON-Form)' });

export const Passkey = z
  .object({ id: z.number().int(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() })
  .meta({ id: 'Passkey' });
export const PasskeyList = z.object({ items: z.array(Passkey) }).meta({ id: 'PasskeyList' });

export const TotpSetup = z.object({ secret: z.string(), otpauth_url: z.string() }).meta({ id: 'TotpSetup' });
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });

export const SecondFactorStatus = z
  .object({
    totp: z.boolean(),
    recovery_codes_left: z.number().int(),
    passkeys: z.number().int(),
    /** Until when this session may use the staff routes; null when it was not raised. */
    raised_until: z.string().nullable(),
    staff_second_factor: z.enum(['required', 'off']),
  })
  .meta({ id: 'SecondFactorStatus' });

export const SecurityLog = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string().meta({ description: 'sign_in, step_up, passkey_added, passkey_removed, totp_enabled, totp_disabled' }),
        method: z.string().nullable().meta({ description: 'password, passkey, totp, recovery_code (bei sign_in und step_up)' }),
        device: z.string(),
        created_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'SecurityLog' });
