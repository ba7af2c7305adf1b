import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { AppError, conflict } from '../../../core/http/errors.js';
import { route, type Routes } from '../../../core/http/route.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { knownDeviceOf } from './known-device.js';
import { ChangeEmailBody, EmailConfirmQuery } from './profile.schemas.js';

const tags = ['Konto'];

/** Where the link from the mail lands in the app, per result. */
const RESULT_PAGE = { ok: 'ok', invalid: 'ungueltig', taken: 'vergeben' } as const;

export function emailChangeRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'post',
      path: '/api/me/email',
      summary: 'E-Mail-Adresse ändern: schickt einen Bestätigungslink an die neue Adresse',
      tags,
      access: 'user',
      body: ChangeEmailBody,
      before: [ctx.limits.emailChange],
      responses: {
        202: { description: 'Link ist unterwegs; bis zur Bestätigung gilt die alte Adresse', schema: z.object({ message: z.string() }) },
        400: { description: 'Adresse ungültig oder schon deine' },
        403: { description: 'Passwort falsch (wrong_password)' },
        409: { description: 'Adresse gehört schon einem anderen Konto (email_taken)' },
        429: { description: 'Zu viele Änderungen in einer Stunde' },
      },
    },
    async ({ actor, body }, req, res) => {
      await requestEmailChange(ctx, actor, body, knownDeviceOf(ctx, req, actor.id));
      res.status(202).json({ message: `Wir haben dir einen Link an ${body.new_email} geschickt. Bis du ihn öffnest, gilt deine bisherige Adresse.` });
    },
  );

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
