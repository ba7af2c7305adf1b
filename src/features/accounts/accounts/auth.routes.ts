import type { Request, Response } from 'express';
import { z } from 'zod';
import type { SessionUser } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { AppError } from '#core/http/route/errors.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { LoginBody, RegisterBody, VerifyQuery } from './auth.schemas.js';
import { login, register } from './auth.service.js';
import { knownDeviceOf, rememberDevice } from './known-device.js';
import { toCurrentUser, CurrentUser } from './user-view.js';
import { consumeVerificationToken, resendVerificationMail, type VerificationOutcome } from './verification.js';

const tags = ['Konto'];
/** The app's page for each outcome of a verification link (/app/email-bestaetigt?ergebnis=…). */
const RESULT_PARAM: Record<VerificationOutcome, string> = { verified: 'ok', already_verified: 'schon', invalid: 'ungueltig' };

/**
 * What runs after a right password, before the session is issued: true when it took the login over (the account has
 * TOTP, so the answer is `second_factor_required` and a short-lived cookie for the second step; no session yet).
 */
export type LoginGate = (req: Request, res: Response, user: SessionUser) => Promise<boolean>;

/** The login's answer when a second step must follow (POST /api/auth/login/second-factor). */
const SecondStepNeeded = z.object({ second_factor_required: z.literal(true) }).meta({ id: 'SecondStepNeeded' });

export function authRoutes(ctx: AppContext, routes: Routes, gate?: LoginGate): void {
  const api = routeGroup(routes, { tags, access: 'public' });
  api.post('/api/auth/register', 'Registrieren (setzt das Sitzungs-Cookie)', {
    body: RegisterBody,
    before: [ctx.limits.register],
    responses: { 201: ['Konto angelegt', CurrentUser], 409: 'E-Mail vergeben', 422: 'Feld zu lang', 429: 'Zu viele Registrierungen' },
    run: async ({ body }, _req, res) => {
      const user = await register(ctx, body);
      ctx.sessions.issue(res, user);
      return toCurrentUser(user);
    },
  });

  api.post('/api/auth/login', 'Anmelden (setzt das Sitzungs-Cookie)', {
    body: LoginBody,
    before: [ctx.limits.login],
    responses: {
      200: ['Angemeldet, oder der zweite Schritt folgt (second_factor_required)', z.union([CurrentUser, SecondStepNeeded])],
      401: 'Falsche Zugangsdaten',
      403: 'Konto gesperrt',
      429: 'Gesperrt nach Fehlversuchen, mit Retry-After',
    },
    run: async ({ body }, req, res) => {
      const user = await login(ctx, body, (userId) => knownDeviceOf(ctx, req, userId));
      if (gate && (await gate(req, res, user))) {
        rememberDevice(ctx, req, res, user.id);
        return { second_factor_required: true as const };
      }
      ctx.sessions.issue(res, user);
      rememberDevice(ctx, req, res, user.id);
      return toCurrentUser(user);
    },
  });

  api.post('/api/auth/logout', 'Abmelden: das Token kommt auf die Sperrliste', {
    responses: { 204: 'Abgemeldet' },
    run: async (_input, req, res) => {
      if (req.sessionToken) await ctx.sessions.revoke(req.sessionToken);
      ctx.sessions.clear(res);
    },
  });

  route(
    routes,
    {
      method: 'get',
      path: '/api/auth/me',
      summary: 'Das eigene Konto',
      tags,
      access: 'user',
      responses: { 200: { description: 'Aktuelles Konto', schema: CurrentUser } },
    },
    ({ actor }, _req, res) => res.json(toCurrentUser(actor)),
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/auth/verify',
      summary: 'E-Mail-Adresse bestätigen (Link aus der Mail)',
      tags,
      access: 'public',
      query: VerifyQuery,
      responses: {
        200: {
          description: 'JSON-Antwort, wenn JSON verlangt wird (already_verified: der Link wurde schon benutzt, die Adresse ist bestätigt)',
          schema: z.object({ verified: z.boolean(), already_verified: z.boolean() }),
        },
        303: { description: 'Weiterleitung in die App mit dem Ergebnis (ok, schon, ungueltig)' },
      },
    },
    async ({ query }, req, res) => {
      const outcome = await consumeVerificationToken(ctx.db, query.token, ctx.clock.now());
      if (req.accepts(['html', 'json']) === 'json') {
        if (outcome === 'invalid') throw new AppError(400, 'invalid_token', 'Der Link ist ungültig oder abgelaufen.');
        res.json({ verified: true, already_verified: outcome === 'already_verified' });
        return;
      }
      res.redirect(303, `/app/email-bestaetigt?ergebnis=${RESULT_PARAM[outcome]}`);
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/auth/verify/resend',
      summary: 'Bestätigungsmail noch einmal senden',
      tags,
      access: 'user',
      before: [ctx.limits.verifyResend],
      responses: { 202: { description: 'Mail ist unterwegs' }, 409: { description: 'Schon bestätigt' } },
    },
    async ({ actor }, _req, res) => {
      await resendVerificationMail(ctx, actor);
      res.status(202).end();
    },
  );
}
