import { createHash, randomInt } from 'node:crypto';
import type { Request } from 'express';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { AppError, conflict } from '#core/http/route/errors.js';
import { requirePassword } from './password-gate.js';
import { logSecurityEvent, mailSecurityChange, type SignInMethod } from './security-log.js';
import { openSecret, sealSecret } from './secret-box.js';
import { deleteTotp, findTotp, replaceRecoveryCodes, startTotp, useRecoveryCode, useStep } from './totp.repo.js';

/** RFC 6238 as every authenticator app does it: 30-second steps, 6 digits, SHA-1; one step back or ahead is accepted. */
const PERIOD = 30;
const RECOVERY_CODES = 10;
/** 32 letters and digits without the look-alikes (0/O, 1/I/L): 10 of them are 50 bits per code. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const wrongCode = () =>
  new AppError(422, 'wrong_code', 'Der Code stimmt nicht. Nimm den aktuellen aus deiner App oder einen Wiederherstellungscode.', {
    code: 'Der Code stimmt nicht.',
  });

const nowSeconds = (ctx: AppContext) => Math.floor(ctx.clock.now().getTime() / 1000);
const normalised = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashOf = (code: string) => createHash('sha256').update(normalised(code)).digest('hex');

/** The step a 6-digit code belongs to (now, one before or one after), if it is newer than `afterStep`. */
async function stepOf(secret: string, code: string, now: number, afterStep: number): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const result = await verify({ secret, token: code, epoch: now, epochTolerance: PERIOD, afterTimeStep: afterStep });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined; // otplib throws for a step bound past the window (a clock set back): no match
  }
}

export async function startTotpSetup(ctx: AppContext, actor: Actor, req: Request, password: string): Promise<{ secret: string; otpauth_url: string }> {
  await requirePassword(ctx, actor, req, password);
  const secret = generateSecret();
  if (!(await startTotp(ctx.db, actor.id, sealSecret(ctx.config.auth.jwtSecret, secret), ctx.clock.now().toISOString())))
    throw conflict('Die Bestätigung mit einer Authenticator-App ist schon eingeschaltet.', 'totp_already_on');
  return { secret, otpauth_url: generateURI({ issuer: ctx.config.appName, label: actor.email, secret }) };
}

/** The first code switches TOTP on and hands out the recovery codes (shown once; only their hashes are kept). */
export async function confirmTotp(ctx: AppContext, actor: Actor, req: Request, code: string): Promise<{ recovery_codes: string[] }> {
  const row = await findTotp(ctx.db, actor.id);
  if (!row || row.confirmed_at) throw conflict('Starte die Einrichtung zuerst mit deinem Passwort.', 'totp_not_started');
  const secret = openSecret(ctx.config.auth.jwtSecret, row.secret);
  const step = secret === undefined ? undefined : await stepOf(secret, normalised(code), nowSeconds(ctx), Number(row.last_step));
  if (step === undefined) throw wrongCode();
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  const now = ctx.clock.now();
  const confirmed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await useStep(trx, actor.id, step, now.toISOString()))) return false;
    await replaceRecoveryCodes(trx, actor.id, codes.map(hashOf));
    await logSecurityEvent(trx, req, now, actor.id, 'totp_enabled');
    return true;
  });
  if (!confirmed) throw wrongCode();
  await mailSecurityChange(ctx, actor, 'totp_enabled');
  return { recovery_codes: codes };
}

/**
 * A second factor's code for `userId`: a TOTP code of a step not used before, or an unused recovery code. The method
 * it was, or undefined for a wrong one. Each works once, also against a parallel request (useStep, useRecoveryCode).
 */
export async function checkSecondFactorCode(ctx: AppContext, userId: number, code: string): Promise<SignInMethod | undefined> {
  const row = await findTotp(ctx.db, userId);
  if (!row?.confirmed_at) return undefined;
  const given = normalised(code);
  if (/^\d{6}$/.test(given)) {
    const secret = openSecret(ctx.config.auth.jwtSecret, row.secret);
    const step = secret === undefined ? undefined : await stepOf(secret, given, nowSeconds(ctx), Number(row.last_step));
    return step !== undefined && (await useStep(ctx.db, userId, step)) ? 'totp' : undefined;
  }
  if (given.length !== 10) return undefined;
  return (await useRecoveryCode(ctx.db, userId, hashOf(given), ctx.clock.now().toISOString())) ? 'recovery_code' : undefined;
}

/** Switching TOTP off takes the password and a code (decisions). */
export async function disableTotp(ctx: AppContext, actor: Actor, req: Request, password: string, code: string): Promise<void> {
  await requirePassword(ctx, actor, req, password);
  if (!(await checkSecondFactorCode(ctx, actor.id, code))) throw wrongCode();
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await deleteTotp(trx, actor.id);
    await logSecurityEvent(trx, req, now, actor.id, 'totp_disabled');
  });
  await mailSecurityChange(ctx, actor, 'totp_disabled');
}
