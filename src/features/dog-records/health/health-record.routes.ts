import type { AppContext } from '#core/context.js';
import { requireDogAccess } from '#core/auth/ownership.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { sendPublicFile } from '#core/http/pages/send-public-file.js';
import { notFound } from '#core/http/route/errors.js';
import { DogIdParam } from '#core/http/route/schema-kit.js';
import { z } from 'zod';
import { EmergencyCard, EmergencyCardBody, EmergencyCardPatch } from './emergency.schemas.js';
import {
  getEmergencyCard,
  healthRecordPdf,
  makeEmergencyCard,
  patchEmergencyCard,
  publicCard,
  publicCardPhoto,
  renewEmergencyCard,
  revokeEmergencyCard,
} from './health-record.service.js';

const tags = ['Gesundheit'];
const refused = { 403: { description: 'Kein Zugriff auf diesen Hund' }, 404: { description: 'Hund (oder Ausweis) gibt es nicht' } };
const TOKEN = /^[A-Za-z0-9_-]{24}$/;
const SEVERITY = { mild: 'leicht', moderate: 'mittel', severe: 'schwer' };

/** A file name for Content-Disposition: ASCII fallback plus the UTF-8 name (RFC 6266). */
const attachmentName = (name: string) =>
  `attachment; filename="gesundheitspass.pdf"; filename*=UTF-8''${encodeURIComponent(`Gesundheitspass ${name.slice(0, 80)}`)}.pdf`;

export function healthRecordRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/dogs/:dogId/health-record.pdf',
      summary: 'Gesundheitspass als PDF (A4, deutsch) für die Tierarztpraxis',
      tags,
      access: 'user',
      params: DogIdParam,
      responses: { 200: { description: 'Das PDF', contentType: 'application/pdf', schema: z.string().meta({ format: 'binary' }) }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      const { pdf, name } = await healthRecordPdf(ctx, actor, params.dogId);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', attachmentName(name));
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    },
  );
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/dogs/:dogId/emergency-card', 'Der Notfallausweis mit Link und QR-Code (nur Besitzer; null, solange keiner erstellt ist)', {
    responses: { 200: ['Ausweis oder null', EmergencyCard.nullable()], ...refused },
    run: ({ params, actor }) => getEmergencyCard(ctx, actor, params.dogId),
  });
  api.post('/api/dogs/:dogId/emergency-card', 'Notfallausweis erstellen (Link, QR-Code und Auswahl der gezeigten Angaben); nur, solange der Hund keinen hat', {
    authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, 'manage'),
    body: EmergencyCardBody,
    responses: {
      201: ['Erstellt', EmergencyCard],
      ...refused,
      409: 'Der Hund hat schon einen Ausweis (card_exists): ändern mit PATCH, neuer Link mit /renew',
      422: 'Feld zu lang',
    },
    run: ({ params, body, actor }) => makeEmergencyCard(ctx, actor, params.dogId, body),
  });
  api.patch('/api/dogs/:dogId/emergency-card', 'Ändern, was der Notfallausweis zeigt; der Link bleibt (die Halsbandmarke funktioniert weiter)', {
    authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, 'manage'),
    body: EmergencyCardPatch,
    responses: { 200: ['Geändert', EmergencyCard], ...refused, 422: 'Feld zu lang' },
    run: ({ params, body, actor }) => patchEmergencyCard(ctx, actor, params.dogId, body),
  });
  api.post('/api/dogs/:dogId/emergency-card/renew', 'Neuer Link für den Notfallausweis; der alte Link und QR-Code gelten ab sofort nicht mehr', {
    responses: { 200: ['Der Ausweis mit neuem Link', EmergencyCard], ...refused },
    run: ({ params, actor }) => renewEmergencyCard(ctx, actor, params.dogId),
  });
  api.delete('/api/dogs/:dogId/emergency-card', 'Notfallausweis widerrufen (Link und QR-Code ungültig)', {
    responses: { 204: 'Widerrufen', ...refused },
    run: ({ params, actor }) => revokeEmergencyCard(ctx, actor, params.dogId),
  });

  // The public page behind the QR code: server-rendered, escaped, never cached or indexed, no referrer.
  routes.router.get('/notfall/:token', async (req, res) => {
    const token = String(req.params.token);
    const card = TOKEN.test(token) ? await publicCard(ctx, token) : undefined;
    if (!card) throw notFound('Diesen Notfallausweis gibt es nicht (mehr).');
    setCache(res, 'never');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.render('notfall/card', { card, severity: SEVERITY, appName: ctx.config.appName, build: ctx.config.build });
  });
  routes.router.get('/notfall/:token/foto', async (req, res) => {
    const token = String(req.params.token);
    const file = TOKEN.test(token) ? await publicCardPhoto(ctx, token) : undefined;
    if (!file) throw notFound('Dieses Foto gibt es nicht.');
    await sendPublicFile(ctx.media, req, res, file, 'Dieses Foto gibt es nicht.');
  });
}
