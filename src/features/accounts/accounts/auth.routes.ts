import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { AppError } from '../../../core/http/errors.js';
import { route, type Routes } from '../../../core/http/route.js';
import { LoginBody, RegisterBody, VerifyQuery } from './auth.schemas.js';
import { login, register } from './auth.service.js';
import { knownDeviceOf, rememberDevice } from './known-device.js';
import { toCurrentUser, CurrentUser } from './user-view.js';
import { consumeVerificationToken, resendVerificationMail } from './verification.js';

const tags = ['Konto'];

export function authRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'post',
      path: '/api/auth/register',
      summary: 'Registrieren (setzt das Sitzungs-Cookie)',
      tags,
      access: 'public',
      body: RegisterBody,
      before: [ctx.limits.register],
      responses: {
        201: { description: 'Konto angelegt', schema: CurrentUser },
        409: { description: 'E-Mail vergeben' },
        422: { description: 'Feld zu lang' },
        429: { description: 'Zu viele Registrierungen' },
      },
    },
    async ({ body }, _req, res) => {
      const user = await register(ctx, body);
      ctx.sessions.issue(res, user);
      res.status(201).json(toCurrentUser(user));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/auth/login',
      summary: 'Anmelden (setzt das Sitzungs-Cookie)',
      tags,
      access: 'public',
      body: LoginBody,
      before: [ctx.limits.login],
      responses: {
        200: { description: 'Angemeldet', schema: CurrentUser },
        401: { description: 'Falsche Zugangsdaten' },
        403: { description: 'Konto gesperrt' },
        429: { description: 'Gesperrt nach Fehlversuchen, mit Retry-After' },
      },
    },
    async ({ body }, req, res) => {
      const user = await login(ctx, body, (userId) => knownDeviceOf(ctx, req, userId));
      ctx.sessions.issue(res, user);
      rememberDevice(ctx, req, res, user.id);
      res.json(toCurrentUser(user));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/auth/logout',
      summary: 'Abmelden: das Token kommt auf die Sperrliste',
      tags,
      access: 'public',
      responses: { 204: { description: 'Abgemeldet' } },
    },
    async (_input, req, res) => {
      if (req.sessionToken) await ctx.sessions.revoke(req.sessionToken);
      ctx.sessions.clear(res);
      res.status(204).end();
    },
  );

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
        200: { description: 'JSON-Antwort, wenn JSON verlangt wird', schema: z.object({ verified: z.boolean() }) },
        303: { description: 'Weiterleitung in die App mit dem Ergebnis' },
      },
    },
    async ({ query }, req, res) => {
      const verified = await consumeVerificationToken(ctx.db, query.token, ctx.clock.now());
      if (req.accepts(['html', 'json']) === 'json') {
        if (!verified) throw new AppError(400, 'invalid_token', 'Der Link ist ungültig oder abgelaufen.');
        res.json({ verified });
        return;
      }
      res.redirect(303, `/app/email-bestaetigt?ergebnis=${verified ? 'ok' : 'ungueltig'}`);
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
