import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Request, Response } from 'express';
import type { SessionUser } from '#core/auth/session-user.js';
import { STAFF_SECOND_FACTOR_MS } from '#core/auth/session.js';
import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { CurrentUser, rememberDevice, toCurrentUser } from '../accounts/index.js';
import {
  addPasskey,
  authenticationOptions,
  loginWithPasskey,
  ownPasskey,
  passkeysOf,
  registrationOptions,
  removeOwnPasskey,
  renameOwnPasskey,
} from './passkeys.service.js';
import { countPasskeys } from './passkeys.repo.js';
import { startSecondStep } from './second-step.js';
import { secondStepLogin, stepUp } from './second-step.service.js';
import { logSecurityEvent, securityLogOf } from './security-log.js';
import {
  AddPasskeyBody,
  CodeBody,
  DisableTotpBody,
  Passkey,
  PasskeyList,
  PasskeyLoginBody,
  PasswordBody,
  RecoveryCodes,
  RenamePasskeyBody,
  SecondFactorStatus,
  SecurityLog,
  TotpSetup,
  WebAuthnOptions,
} from './security.schemas.js';
import { confirmTotp, disableTotp, startTotpSetup } from './totp.service.js';
import { countRecoveryCodesLeft, hasConfirmedTotp } from './totp.repo.js';

const tags = ['Anmeldung und Sicherheit'];
/** The answers of a step that asks for the password again. */
const passwordChecked = { 403: 'Passwort falsch', 429: 'Gesperrt nach Fehlversuchen' };

/** A session opened or raised now: a passkey or a code was just given. A raise keeps the session's login time and id. */
function issueRaised(ctx: AppContext, req: Request, res: Response, user: Pick<SessionUser, 'id' | 'token_version'>, raise: boolean): void {
  const sf = ctx.sessions.nowSeconds();
  ctx.sessions.issue(res, user, raise && req.sessionToken && req.user?.id === user.id ? { ...req.sessionToken, sf } : { sf });
}

export function securityRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });

  api.get('/api/me/second-factor', 'Passkeys, TOTP und ob diese Sitzung für die Verwaltung bestätigt ist', {
    responses: { 200: ['Stand', SecondFactorStatus] },
    run: async ({ actor }, req) => {
      const sf = req.sessionToken?.sf;
      return {
        totp: await hasConfirmedTotp(ctx.db, actor.id),
        recovery_codes_left: await countRecoveryCodesLeft(ctx.db, actor.id),
        passkeys: await countPasskeys(ctx.db, actor.id),
        raised_until: sf === undefined ? null : new Date(sf * 1000 + STAFF_SECOND_FACTOR_MS).toISOString(),
        staff_second_factor: ctx.config.auth.staffSecondFactor,
      };
    },
  });

  api.get('/api/me/security-log', 'Anmeldungen und Sicherheit: die letzten 50 Ereignisse', {
    responses: { 200: ['Ereignisse, neueste zuerst', SecurityLog] },
    run: ({ actor }) => securityLogOf(ctx, actor),
  });

  // Passkeys of the account.
  api.get('/api/me/passkeys', 'Die eigenen Passkeys', {
    responses: { 200: ['Passkeys', PasskeyList] },
    run: ({ actor }) => passkeysOf(ctx, actor),
  });
  api.post('/api/me/passkeys/options', 'Einen Passkey hinzufügen, Schritt 1: Optionen (mit Passwort)', {
    body: PasswordBody,
    responses: { 200: ['Optionen für navigator.credentials.create', WebAuthnOptions], ...passwordChecked, 409: 'Zu viele Passkeys' },
    run: ({ actor, body }, req) => registrationOptions(ctx, actor, req, body.password),
  });
  api.post('/api/me/passkeys', 'Einen Passkey hinzufügen, Schritt 2: die Antwort des Geräts', {
    body: AddPasskeyBody,
    responses: { 201: ['Gespeichert', Passkey], 409: 'Schon hinzugefügt', 422: 'Nicht bestätigt' },
    run: ({ actor, body }, req) => addPasskey(ctx, actor, req, body.response as unknown as RegistrationResponseJSON, body.name),
  });
  api.patch('/api/me/passkeys/:id', 'Passkey umbenennen', {
    body: RenamePasskeyBody,
    authorize: ({ params, actor }) => ownPasskey(ctx, actor, params.id),
    responses: { 200: ['Umbenannt', Passkey], 404: 'Gibt es nicht', 422: 'Name ungültig' },
    run: ({ actor, params, body }) => renameOwnPasskey(ctx, actor, params.id, body.name),
  });
  api.delete('/api/me/passkeys/:id', 'Passkey entfernen', {
    responses: { 204: 'Entfernt', 404: 'Gibt es nicht' },
    run: ({ actor, params }, req) => removeOwnPasskey(ctx, actor, req, params.id),
  });

  // TOTP.
  api.post('/api/me/totp', 'TOTP einrichten, Schritt 1: Geheimnis und otpauth-Adresse (mit Passwort)', {
    body: PasswordBody,
    responses: { 200: ['Geheimnis für die Authenticator-App', TotpSetup], ...passwordChecked, 409: 'Schon eingeschaltet' },
    run: ({ actor, body }, req) => startTotpSetup(ctx, actor, req, body.password),
  });
  api.post('/api/me/totp/confirm', 'TOTP einrichten, Schritt 2: mit einem Code einschalten; gibt die 10 Wiederherstellungscodes (einmal)', {
    body: CodeBody,
    before: [ctx.limits.stepUp],
    responses: {
      200: ['Eingeschaltet; die Sitzung gilt als bestätigt', RecoveryCodes],
      409: 'Nicht begonnen',
      422: 'Code falsch',
      429: 'Zu viele falsche Codes',
    },
    run: async ({ actor, body }, req, res) => {
      const codes = await confirmTotp(ctx, actor, req, body.code);
      issueRaised(ctx, req, res, actor, true);
      return codes;
    },
  });
  api.delete('/api/me/totp', 'TOTP ausschalten (Passwort und ein Code)', {
    body: DisableTotpBody,
    before: [ctx.limits.stepUp],
    responses: { 204: 'Ausgeschaltet', 403: 'Passwort falsch', 422: 'Code falsch', 429: 'Zu viele Fehlversuche' },
    run: ({ actor, body }, req) => disableTotp(ctx, actor, req, body.password, body.code),
  });

  api.post('/api/auth/step-up', 'Sitzung mit einem TOTP- oder Wiederherstellungscode bestätigen (12 Stunden für die Verwaltung)', {
    body: CodeBody,
    before: [ctx.limits.stepUp],
    responses: { 204: 'Bestätigt', 422: 'Code falsch', 429: 'Zu viele falsche Codes' },
    run: async ({ actor, body }, req, res) => {
      await stepUp(ctx, actor, req, body.code);
      issueRaised(ctx, req, res, actor, true);
    },
  });

  // Signing in without a session: a passkey, or the second step after the password.
  const open = routeGroup(routes, { tags, access: 'public' });
  open.post('/api/auth/passkey/options', 'Mit Passkey anmelden, Schritt 1: Optionen (ohne E-Mail-Adresse)', {
    before: [ctx.limits.passkeyOptions],
    responses: { 200: ['Optionen für navigator.credentials.get', WebAuthnOptions], 429: 'Zu viele Anfragen' },
    run: () => authenticationOptions(ctx),
  });
  open.post('/api/auth/passkey', 'Mit Passkey anmelden, Schritt 2 (setzt das Sitzungs-Cookie; hebt eine Sitzung desselben Kontos an)', {
    body: PasskeyLoginBody,
    before: [ctx.limits.login],
    responses: { 200: ['Angemeldet', CurrentUser], 401: 'Passkey nicht anerkannt', 403: 'Konto gesperrt', 429: 'Gesperrt nach Fehlversuchen' },
    run: async ({ body }, req, res) => {
      const user = await loginWithPasskey(ctx, req, body.response as unknown as AuthenticationResponseJSON);
      issueRaised(ctx, req, res, user, true);
      rememberDevice(ctx, req, res, user.id);
      return toCurrentUser(user);
    },
  });
  open.post('/api/auth/login/second-factor', 'Anmelden, zweiter Schritt: TOTP- oder Wiederherstellungscode (setzt das Sitzungs-Cookie)', {
    body: CodeBody,
    before: [ctx.limits.secondFactor],
    responses: { 200: ['Angemeldet', CurrentUser], 401: 'Code falsch oder kein offener erster Schritt', 429: 'Zu viele falsche Codes' },
    run: async ({ body }, req, res) => {
      const user = await secondStepLogin(ctx, req, res, body.code);
      issueRaised(ctx, req, res, user, false);
      return toCurrentUser(user);
    },
  });
}

/** The accounts area's login gate (routes.ts hands it in): an account with TOTP goes on to the second step. */
export function secondStepGate(ctx: AppContext) {
  return async (req: Request, res: Response, user: SessionUser): Promise<boolean> => {
    if (await hasConfirmedTotp(ctx.db, user.id)) {
      startSecondStep(ctx, res, user);
      return true;
    }
    await logSecurityEvent(ctx.db, req, ctx.clock.now(), user.id, 'sign_in', 'password');
    return false;
  };
}
