import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { PasswordResetBody, PasswordResetConfirmBody } from './auth.schemas.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.js';
import { CurrentUser, toCurrentUser } from './user-view.js';

const tags = ['Konto'];

export function passwordResetRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'post',
      path: '/api/auth/password-reset',
      summary: 'Link für ein neues Passwort anfordern (gleiche Antwort für jede Adresse)',
      tags,
      access: 'public',
      body: PasswordResetBody,
      before: [ctx.limits.passwordReset],
      responses: {
        202: { description: 'Wenn es ein Konto mit der Adresse gibt, ist die Mail unterwegs', schema: z.object({ message: z.string() }) },
        429: { description: 'Zu viele Anfragen von dieser Adresse' },
      },
    },
    async ({ body }, _req, res) => {
      // The answer goes first and is the same for every address, known or not, and so is its time; the lookup and
      // the mail happen after it (errors are logged, the mail outbox retries).
      res.status(202).json({ message: 'Wenn es ein Konto mit dieser Adresse gibt, bekommst du gleich eine Mail mit einem Link.' });
      await requestPasswordReset(ctx, body).catch((err: unknown) => ctx.log.error({ err }, 'password reset request failed'));
    },
  );

  const api = routeGroup(routes, { tags, access: 'public' });
  api.post('/api/auth/password-reset/confirm', 'Neues Passwort mit dem Link aus der Mail setzen (beendet alle Sitzungen, meldet an)', {
    body: PasswordResetConfirmBody,
    before: [ctx.limits.passwordResetConfirm],
    responses: {
      200: ['Passwort gesetzt und angemeldet', CurrentUser],
      400: 'Link ungültig, benutzt oder abgelaufen (token_invalid), oder Passwort zu kurz',
      429: 'Zu viele Versuche',
    },
    run: async ({ body }, _req, res) => {
      const user = await confirmPasswordReset(ctx, body);
      ctx.sessions.issue(res, user);
      return toCurrentUser(user);
    },
  });
}
