import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Request } from 'express';
import { requireOwner } from '#core/auth/ownership.js';
import type { Actor, SessionUser } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { isUniqueViolation } from '#core/db/errors.js';
import { AppError, conflict, unauthorized } from '#core/http/route/errors.js';
import { checkWithLockout, findUserById, knownDeviceOf } from '../accounts/index.js';
import { requirePassword } from './password-gate.js';
import {
  deletePasskey,
  findPasskey,
  findPasskeyByCredential,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  renamePasskey,
  takeChallenge,
  touchPasskey,
  type PasskeyRow,
} from './passkeys.repo.js';
import { logSecurityEvent, mailSecurityChange } from './security-log.js';
import { CHALLENGE_TTL_MS, challengeOf, relyingParty } from './webauthn.js';

const WORDING = { missing: 'Diesen Passkey gibt es nicht.', foreign: 'Dieser Passkey gehört zu einem anderen Konto.' };
const FAILED = 'Die Anmeldung mit dem Passkey hat nicht geklappt. Versuch es noch einmal oder melde dich mit deinem Passwort an.';
const MAX_PASSKEYS = 20;

const toPasskey = (p: PasskeyRow) => ({ id: p.id, name: p.name, created_at: p.created_at, last_used_at: p.last_used_at });
const expiry = (ctx: AppContext) => new Date(ctx.clock.now().getTime() + CHALLENGE_TTL_MS).toISOString();

export async function passkeysOf(ctx: AppContext, actor: Actor) {
  return { items: (await listPasskeys(ctx.db, actor.id)).map(toPasskey) };
}

/** Creation options for a new passkey (the password first): a discoverable credential with user verification. */
export async function registrationOptions(ctx: AppContext, actor: Actor, req: Request, password: string) {
  await requirePassword(ctx, actor, req, password);
  const existing = await listPasskeys(ctx.db, actor.id);
  if (existing.length >= MAX_PASSKEYS) throw conflict(`Mehr als ${MAX_PASSKEYS} Passkeys gehen nicht. Entferne zuerst einen alten.`, 'too_many_passkeys');
  const rp = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: actor.email,
    userDisplayName: actor.name,
    userID: new TextEncoder().encode(`pfotenbuch-user-${actor.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports ? p.transports.split(',') : undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await insertChallenge(
    ctx.db,
    { challenge: options.challenge, purpose: 'register', user_id: actor.id, expires_at: expiry(ctx) },
    ctx.clock.now().toISOString(),
  );
  return options;
}

export async function addPasskey(ctx: AppContext, actor: Actor, req: Request, response: RegistrationResponseJSON, name: string | undefined) {
  const refused = new AppError(422, 'passkey_refused', 'Der Passkey ließ sich nicht speichern. Starte das Hinzufügen noch einmal.');
  const challenge = challengeOf(response);
  const taken = challenge ? await takeChallenge(ctx.db, challenge, 'register', ctx.clock.now().toISOString()) : undefined;
  if (!challenge || taken?.user_id !== actor.id) throw refused;
  const rp = relyingParty(ctx);
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!result?.verified) throw refused;
  const { credential } = result.registrationInfo;
  const now = ctx.clock.now();
  const passkeyName = name ?? `Passkey vom ${now.toLocaleDateString('de-DE', { timeZone: ctx.config.timeZone })}`;
  const id = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const inserted = await insertPasskey(trx, {
        user_id: actor.id,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name: passkeyName,
        created_at: now.toISOString(),
      });
      await logSecurityEvent(trx, req, now, actor.id, 'passkey_added');
      return inserted;
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? conflict('Diesen Passkey hast du schon hinzugefügt.', 'passkey_exists') : err;
    });
  await mailSecurityChange(ctx, actor, 'passkey_added', passkeyName);
  const row = await findPasskey(ctx.db, id);
  if (!row) throw new Error('saved passkey vanished');
  return toPasskey(row);
}

export async function ownPasskey(ctx: AppContext, actor: Actor, id: number) {
  return requireOwner(actor, await findPasskey(ctx.db, id), WORDING);
}

export async function renameOwnPasskey(ctx: AppContext, actor: Actor, id: number, name: string) {
  await ownPasskey(ctx, actor, id);
  await renamePasskey(ctx.db, id, name);
  const row = await findPasskey(ctx.db, id);
  if (!row) throw new Error('renamed passkey vanished');
  return toPasskey(row);
}

export async function removeOwnPasskey(ctx: AppContext, actor: Actor, req: Request, id: number): Promise<void> {
  const row = await ownPasskey(ctx, actor, id);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await deletePasskey(trx, id);
    await logSecurityEvent(trx, req, now, actor.id, 'passkey_removed');
  });
  await mailSecurityChange(ctx, actor, 'passkey_removed', row.name);
}

/** Request options for a login: no user named (discoverable credentials), so the browser offers the passkeys it has. */
export async function authenticationOptions(ctx: AppContext) {
  const rp = relyingParty(ctx);
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  await insertChallenge(ctx.db, { challenge: options.challenge, purpose: 'login', user_id: null, expires_at: expiry(ctx) }, ctx.clock.now().toISOString());
  return options;
}

/**
 * A passkey login: the challenge is taken first (an assertion works once), then the signature and the counter are
 * checked under the account's lockout (a failure counts like a wrong password). Unknown credentials are 401 only.
 */
export async function loginWithPasskey(ctx: AppContext, req: Request, response: AuthenticationResponseJSON): Promise<SessionUser> {
  const challenge = challengeOf(response);
  const taken = challenge ? await takeChallenge(ctx.db, challenge, 'login', ctx.clock.now().toISOString()) : undefined;
  const passkey = await findPasskeyByCredential(ctx.db, response.id);
  const owner = passkey ? await findUserById(ctx.db, passkey.user_id) : undefined;
  if (!passkey || !owner) throw unauthorized(FAILED);
  const rp = relyingParty(ctx);
  const checked = Number(passkey.counter);
  const attempt = { email: owner.email, userId: owner.id, device: knownDeviceOf(ctx, req, owner.id) ?? null };
  const valid = await checkWithLockout(ctx, attempt, async () => {
    if (!taken || !challenge) return false;
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: { id: passkey.credential_id, publicKey: Buffer.from(passkey.public_key, 'base64url'), counter: checked },
    }).catch(() => undefined); // a bad signature, a counter gone backwards, a wrong origin: all a failed login
    if (!result?.verified) return false;
    return touchPasskey(ctx.db, passkey.id, checked, result.authenticationInfo.newCounter, ctx.clock.now().toISOString());
  });
  if (!valid) throw unauthorized(FAILED);
  if (owner.status !== 'active') throw new AppError(403, 'account_blocked', 'Dein Konto ist gesperrt. Melde dich bei uns, wenn du Fragen hast.');
  await logSecurityEvent(ctx.db, req, ctx.clock.now(), owner.id, 'sign_in', 'passkey');
  return owner;
}
