import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { AppError, conflict } from '#core/http/route/errors.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { knownDeviceOf } from './known-device.js';
import { ChangeEmailBody, EmailConfirmQuery } from './profile.schemas.js';

const tags = ['Konto'];

/** Where the link from the mail lands in the app, per result. */
const RESULT_PAGE = { ok: 'ok', invalid: 'ungueltig', taken: 'vergeben' } as const;

export function emailChangeRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.post('/api/me/email', 'E-Mail-Adresse ändern: schickt einen Bestätigungslink an die neue Adresse', {
    body: ChangeEmailBody,
    before: [ctx.limits.emailChange],
    responses: {
      202: ['Link ist unterwegs; bis zur Bestätigung gilt die alte Adresse', z.object({ message: z.string() })],
      400: 'Adresse ungültig oder schon deine',
      403: 'Passwort falsch (wrong_password)',
      409: 'Adresse gehört schon einem anderen Konto (email_taken)',
      429: 'Zu viele Änderungen in einer Stunde',
    },
    run: async ({ actor, body }, req) => {
      await requestEmailChange(ctx, actor, body, knownDeviceOf(ctx, req, actor.id));
      return { message: `Wir haben dir einen Link an ${body.new_email} geschickt. Bis du ihn öffnest, gilt deine bisherige Adresse.` };
    },
  });

  route(
    routes,
    {
      method: 'get',
      path: '/api/me/email/confirm',
      summary: 'Neue E-Mail-Adresse bestätigen (Link aus der Mail)',
      tags,
      access: 'public',
      query: EmailConfirmQuery,
      responses: {
        200: { description: 'JSON-Antwort, wenn JSON verlangt wird', schema: z.object({ changed: z.boolean() }) },
        303: { description: 'Weiterleitung in die App mit dem Ergebnis' },
        400: { description: 'Link ungültig, benutzt oder abgelaufen (token_invalid)' },
        409: { description: 'Adresse inzwischen vergeben (email_taken)' },
      },
    },
    async ({ query }, req, res) => {
      const result = await confirmEmailChange(ctx, query.token);
      if (req.accepts(['html', 'json']) === 'json') {
        if (result === 'invalid') throw new AppError(400, 'token_invalid', 'Dieser Link ist ungültig oder abgelaufen.');
        if (result === 'taken') throw conflict('Mit dieser E-Mail-Adresse gibt es inzwischen ein anderes Konto.', 'email_taken');
        res.json({ changed: true });
        return;
      }
      res.redirect(303, `/app/email-geaendert?ergebnis=${RESULT_PAGE[result]}`);
    },
  );
}
