import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '#core/http/route/errors.js';
import { routeGroup } from '#core/http/route/route-group.js';
import type { Routes } from '#core/http/route/route.js';

const Thing = z.object({ id: z.number(), name: z.string() });

/** A bare app with the group's routes and an error handler that answers with the status and message. */
function appWith(register: (api: ReturnType<typeof routeGroup<'public'>>) => void) {
  const router = express.Router();
  const routes: Routes = { router, openapi: new OpenAPIRegistry() };
  register(routeGroup(routes, { tags: ['Test'], access: 'public' }));
  const app = express();
  app.use(router);
  const errors: ErrorRequestHandler = (err, _req, res, _next) => {
    const status = err instanceof AppError ? err.status : 500;
    res.status(status).json({ message: err instanceof Error ? err.message : String(err) });
  };
  app.use(errors);
  return { app, openapi: routes.openapi };
}

describe('routeGroup, the short form of route()', () => {
  it('answers what the handler returns with the one documented success status', async () => {
    const { app } = appWith((api) => {
      api.get('/things/:id', 'Ein Ding', { responses: { 200: ['Ding', Thing], 404: 'Gibt es nicht' }, run: ({ params }) => ({ id: params.id, name: 'a' }) });
      api.post('/things', 'Anlegen', { responses: { 201: ['Angelegt', Thing] }, run: async () => ({ id: 7, name: 'b' }) });
      api.delete('/things/:id', 'Löschen', { responses: { 204: 'Gelöscht' }, run: () => ({ ignored: true }) });
    });
    const got = await request(app).get('/things/5');
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ id: 5, name: 'a' });
    expect((await request(app).post('/things')).status).toBe(201);
    const gone = await request(app).delete('/things/5');
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
  });

  it('validates the path ids without a params schema: :id and every :…Id', async () => {
    const { app } = appWith((api) => {
      api.get('/dogs/:dogId/entries/:entryId', 'Eintrag', {
        responses: { 200: ['Paar', z.object({ dog: z.number(), entry: z.number() })] },
        run: ({ params }) => ({ dog: params.dogId, entry: params.entryId }),
      });
    });
    expect((await request(app).get('/dogs/3/entries/4')).body).toEqual({ dog: 3, entry: 4 });
    expect((await request(app).get('/dogs/x/entries/4')).status).toBe(400);
    expect((await request(app).get('/dogs/0/entries/4')).status).toBe(400);
  });

  it('refuses at registration a path param that is not an id and has no schema', () => {
    expect(() => appWith((api) => api.get('/breeds/:slug', 'Rasse', { responses: { 200: 'ok' }, run: () => 'x' }))).toThrow(/:slug is not an id/);
    expect(() =>
      appWith((api) =>
        api.get('/breeds/:slug', 'Rasse', {
          params: z.object({ slug: z.string() }),
          responses: { 200: ['Name', z.string()] },
          run: ({ params }) => params.slug,
        }),
      ),
    ).not.toThrow();
  });

  it('refuses at registration a route with no or two success answers', () => {
    expect(() => appWith((api) => api.get('/a', 'A', { responses: { 404: 'nein' }, run: () => 1 }))).toThrow(/exactly one 2xx/);
    expect(() => appWith((api) => api.get('/a', 'A', { responses: { 200: 'ja', 202: 'später' }, run: () => 1 }))).toThrow(/exactly one 2xx/);
  });

  it('leaves the answer to a handler that sent its own, and fails one that returns and sends nothing', async () => {
    const { app } = appWith((api) => {
      api.get('/file', 'Datei', {
        responses: { 200: ['Text', z.string(), 'text/plain'] },
        run: (_input, _req, res) => {
          res.type('text/plain').send('hallo');
        },
      });
      api.get('/forgot', 'Vergessen', { responses: { 200: ['Ding', Thing] }, run: () => undefined });
    });
    const file = await request(app).get('/file');
    expect(file.text).toBe('hallo');
    const forgot = await request(app).get('/forgot');
    expect(forgot.status).toBe(500);
    expect(forgot.body.message).toMatch(/returned nothing and sent nothing/);
  });

  it('documents the short responses in the long form, with the group tags and derived params', () => {
    const { openapi } = appWith((api) => {
      api.get('/things/:id', 'Ein Ding', { responses: { 200: ['Ding', Thing], 404: 'Gibt es nicht' }, run: () => ({ id: 1, name: 'a' }) });
    });
    const [definition] = openapi.definitions;
    expect(definition).toMatchObject({
      type: 'route',
      route: { method: 'get', path: '/things/{id}', tags: ['Test'], summary: 'Ein Ding', responses: { 404: { description: 'Gibt es nicht' } } },
    });
    const route = (definition as { route: { responses: Record<string, { content?: unknown }>; request: { params?: unknown } } }).route;
    expect(route.responses['200']!.content).toEqual({ 'application/json': { schema: Thing } });
    expect(route.request.params).toBeDefined();
  });
});
