import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { cachedBody, sendCached, type CachedBody } from '#core/http/cached-body.js';
import { compressStreams } from '#core/http/compression.js';
import { serviceUnavailable } from '#core/http/route/errors.js';
import { generateOpenApiDocument } from '#core/http/route/openapi.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { databaseAnswers } from './system.repo.js';

const tags = ['System'];
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export const VersionResponse = z.object({ build: z.string(), app: z.string() }).meta({ id: 'Version' });

export function systemRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'public' });
  api.get('/api/version', 'Aktuelle Build-Nummer', {
    responses: { 200: ['Build', VersionResponse] },
    run: async (_input, _req, res) => {
      setCache(res, 'never');
      return { build: ctx.config.build, app: ctx.config.appName };
    },
  });

  api.get('/api/health', 'Bereit, wenn die Datenbank antwortet', {
    responses: { 200: ['OK', z.object({ status: z.literal('ok') })], 503: 'Datenbank nicht erreichbar' },
    run: async (_input, _req, res) => {
      if (!(await databaseAnswers(ctx.db))) throw serviceUnavailable('Die Datenbank ist gerade nicht erreichbar.');
      setCache(res, 'never');
      return { status: 'ok' };
    },
  });

  routes.router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /app',
          'Disallow: /media/',
          'Disallow: /force-update',
          'Allow: /',
          '',
          `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  // The document is built lazily: every area has registered its routes by the first request.
  let openapiDocument: CachedBody | undefined;
  routes.router.get('/api/openapi.json', (_req, res) => {
    // Made once, then sent as the same bytes (and compressed once per encoding: cached-body.ts).
    openapiDocument ??= cachedBody(
      JSON.stringify(generateOpenApiDocument(routes.openapi, { title: ctx.config.appName, version: ctx.config.build, server: ctx.config.publicUrl })),
    );
    sendCached(res, 'json', openapiDocument);
  });
  routes.router.get('/api/docs', (_req, res) => {
    res.render('api-docs', { title: `${ctx.config.appName} API` });
  });
  routes.router.get('/api/docs/init.js', (_req, res) => {
    res
      .type('application/javascript')
      .send(
        "window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });",
      );
  });
  routes.router.use('/api/docs/assets', compressStreams(), express.static(swaggerUiDir, { index: false, maxAge: '7d' }));
}
