import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { compressSentText } from '#core/http/compression.js';
import { errorHandler } from '#platform/http/error-handler.js';
import { AppError, notFound } from '#core/http/route/errors.js';
import { routeGroup } from '#core/http/route/route-group.js';
import type { Routes } from '#core/http/route/route.js';
import { contract, takeMismatches, watchResponses } from './response-hook.js';

const Thing = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'HookThing' });

/** A small app built like the real one (route table, compression, 404, error handler) behind the contract hook. */
function watchedApp() {
  const router = express.Router();
  const routes: Routes = { router, openapi: new OpenAPIRegistry() };
  const api = routeGroup(routes, { tags: ['Test'], access: 'public' });
  api.get('/api/things/:id', 'Ein Ding', { responses: { 200: ['Ding', Thing], 404: 'Gibt es nicht' }, run: ({ params }) => ({ id: params.id, name: 'a' }) });
  api.get('/api/renamed', 'Ein Ding mit umbenanntem Feld', { responses: { 200: ['Ding', Thing] }, run: () => ({ id: 1, title: 'a' }) });
  api.get('/api/many', 'Viele Dinge (groß genug für Kompression)', {
    responses: { 200: ['Dinge', z.array(Thing)] },
    run: () => Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Ding ${i}` })),
  });
  api.get('/api/conflict', 'Antwortet mit einem Status, den es nicht nennt', {
    responses: { 200: ['Ding', Thing] },
    run: () => {
      throw new AppError(409, 'conflict', 'Gibt es schon.');
    },
  });
  const app = express();
  compressSentText(app);
  app.use(router);
  router.get('/seite', (_req, res) => void res.type('html').send('<p>Seite</p>'));
  app.use(() => {
    throw notFound('Diese Seite gibt es nicht.');
  });
  app.use(errorHandler);
  const ctx = { openapi: routes.openapi, config: { appName: 'Test', build: 'test', publicUrl: 'http://127.0.0.1' } } as unknown as AppContext;
  watchResponses(app, ctx);
  return app;
}

describe('the contract hook of the API suite', () => {
  // The hook's findings are read by each test itself; none may be left for the suite's afterEach.
  afterEach(() => expect(takeMismatches()).toEqual([]));

  it('passes answers that match, compressed ones included, and counts them', async () => {
    const app = watchedApp();
    const before = contract.checked;
    await request(app).get('/api/things/3').expect(200);
    const many = await request(app).get('/api/many').set('Accept-Encoding', 'gzip').expect(200);
    expect(many.headers['content-encoding']).toBe('gzip');
    await request(app).get('/api/things/x').expect(400); // the id rule's answer, in the error shape
    expect(takeMismatches()).toEqual([]);
    expect(contract.checked - before).toBe(3);
    expect(contract.operations).toContain('GET /api/things/{id}');
  });

  it('catches a renamed field (missing under its old name, unknown under its new one) and an undeclared status', async () => {
    const app = watchedApp();
    await request(app).get('/api/renamed').expect(200);
    await request(app).get('/api/conflict').expect(409);
    expect(takeMismatches()).toEqual([
      "GET /api/renamed → 200: body must have required property 'name'",
      'GET /api/renamed → 200: body must NOT have unevaluated properties (title)',
      'GET /api/conflict → 409: status not declared (declared: 200, 304, 400, 403)',
    ]);
  });

  it('lets a path outside the document answer only an error in the one shape, and leaves pages alone', async () => {
    const app = watchedApp();
    await request(app).get('/api/unknown').expect(404);
    await request(app).delete('/api/things/3').expect(404);
    await request(app).get('/seite').expect(200);
    expect(takeMismatches()).toEqual([]);
  });
});
