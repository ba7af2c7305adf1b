import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forbidden } from '#core/http/route/errors.js';
import { errorHandler } from '#platform/http/error-handler.js';
import { routeGroup } from '#core/http/route/route-group.js';
import type { Routes } from '#core/http/route/route.js';
import { agentAs, buildDiaryEntry, buildDog, buildUser } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';

/**
 * The order of the checks (docs/architecture.md, "Order of the checks"; issue 31): 401 → the path's ids → whose
 * record the path names (403/404) → body (400/422). A stranger's bad body gets the same 403 as a good one; the owner's
 * bad body gets 400/422; a missing record 404 whatever the body.
 */

const t = useTestApp();

/** Wrong in two ways at once: an unknown key (400) and a text far over every limit (422). */
const BAD = { __unbekannt__: 1, name: 'x'.repeat(20_000) };

interface Operation {
  method: 'post' | 'put' | 'patch' | 'delete';
  path: string;
  multipart: boolean;
  /** A path parameter with a closed list of values (a duty's code) gets its first value: the record is what is missing. */
  enums: Record<string, string>;
}

/** The document's user writes that take a body and name a record in their path: the ones the rule is about. */
async function ownerScopedWrites(): Promise<Operation[]> {
  const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body as {
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[];
          description?: string;
          requestBody?: { content: Record<string, unknown> };
          parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
        }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method) || !path.includes('{') || !op.requestBody) continue;
      // Public routes and the staff's (role checks, no owner) are not owner-scoped.
      if (op.security?.length === 0 || op.description) continue;
      const enums: Record<string, string> = {};
      for (const p of op.parameters ?? []) if (p.in === 'path' && p.schema?.enum?.[0]) enums[p.name] = p.schema.enum[0];
      ops.push({ method: method as Operation['method'], path, multipart: 'multipart/form-data' in op.requestBody.content, enums });
    }
  }
  return ops;
}

function send(agent: ReturnType<typeof agentAs> | ReturnType<typeof request>, op: Operation, url: string) {
  const req = (agent as ReturnType<typeof request>)[op.method](url);
  return op.multipart ? req.field('__unbekannt__', '1').attach('file', Buffer.from('kein Bild'), 'x.txt') : req.send(BAD);
}

describe('the order of the checks', () => {
  it('every owner-scoped write answers 401 without a session and 404 for a missing record, whatever the body', async () => {
    // A verified breeder: plan guards and the email rule pass, so only the missing record can answer.
    const user = await buildUser(t.ctx, { subscription_tier: 'breeder' });
    const ops = await ownerScopedWrites();
    expect(ops.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const op of ops) {
      const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => op.enums[name] ?? '999999');
      const anonymous = await send(request(t.app), op, url);
      const missing = await send(agentAs(t, user), op, url);
      if (anonymous.status !== 401 || missing.status !== 404) wrong.push(`${op.method.toUpperCase()} ${op.path}: ${anonymous.status}, ${missing.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a stranger with a bad body gets 403, the owner 400 or 422 (dog, record, diary, place, forum post, upload)', async () => {
    const owner = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const a = agentAs(t, owner);
    const weight = (await a.post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-05-01', weight_kg: 20 }).expect(201)).body;
    const entry = await buildDiaryEntry(t.ctx, { dog });
    const place = (
      await a
        .post('/api/places')
        .send({ lat: 52.5, lon: 13.4, name: 'Praxis am Park', types: ['tierarzt'] })
        .expect(201)
    ).body;
    const thread = (await a.post('/api/forum/threads').send({ category: 'allgemeines', title: 'Futter', body: 'Was gebt ihr?' }).expect(201)).body;
    const cases: [string, string, Record<string, unknown>, number][] = [
      ['patch', `/api/dogs/${dog.id}`, { name: 'x'.repeat(81) }, 422],
      ['post', `/api/dogs/${dog.id}/vaccinations`, { vaccine: 'x'.repeat(201), date: '2026-01-01' }, 422],
      ['patch', `/api/weights/${weight.id}`, { weight_kg: 'schwer' }, 400],
      ['patch', `/api/diary/${entry.id}`, { text: 'x'.repeat(10_001) }, 422],
      ['patch', `/api/places/${place.id}`, { name: 'x'.repeat(201) }, 422],
      ['patch', `/api/forum/posts/${thread.posts[0].id}`, { body: 'x'.repeat(10_001) }, 422],
    ];
    for (const [method, url, wrong, status] of cases) {
      const as = (user: typeof owner) => agentAs(t, user)[method as 'patch'](url);
      const foreign = await as(stranger).send(BAD);
      expect(foreign.status, `${method} ${url} as a stranger`).toBe(403);
      expect(foreign.body.error.fields, 'the stranger learns nothing about the fields').toBeUndefined();
      expect((await as(owner).send(BAD)).status, `${method} ${url}: the owner's unknown key`).toBe(400);
      expect((await as(owner).send(wrong)).status, `${method} ${url}: the owner's wrong value`).toBe(status);
    }
    // An upload: the stranger's file is refused before multer reads it (no 415 for the text file, no staging).
    const photo = await agentAs(t, stranger).post(`/api/dogs/${dog.id}/photo`).attach('file', Buffer.from('kein Bild'), 'x.txt');
    expect(photo.status).toBe(403);
    expect((await a.post(`/api/dogs/${dog.id}/photo`).attach('file', Buffer.from('kein Bild'), 'x.txt')).status).toBe(415);
  });
});

describe('route(): authorize', () => {
  function appWith(register: (api: ReturnType<typeof routeGroup<'user'>>) => void) {
    const router = express.Router();
    const routes: Routes = { router, openapi: new OpenAPIRegistry() };
    register(routeGroup(routes, { tags: ['Test'], access: 'user' }));
    const app = express();
    app.use((req, _res, next) => {
      if (req.headers['x-user']) req.user = { id: Number(req.headers['x-user']) } as Express.Request['user'];
      next();
    });
    app.use(router);
    app.use(errorHandler);
    return app;
  }
  const Body = z.strictObject({ name: z.string().max(5) });

  it('runs after the session guard and the path ids, before `before` and the body', async () => {
    const seen: string[] = [];
    const app = appWith((api) =>
      api.patch('/things/:id', 'Ändern', {
        authorize: ({ params, actor }) => {
          seen.push(`authorize ${params.id}`);
          if (actor.id !== 1) throw forbidden('Nicht deins.');
        },
        before: [(_req, _res, next) => (seen.push('before'), next())],
        body: Body,
        responses: { 200: ['Ding', Body] },
        run: ({ body }) => body,
      }),
    );
    await request(app).patch('/things/1').send({ name: 'zu lang' }).expect(401);
    await request(app).patch('/things/abc').set('x-user', '2').send({}).expect(400);
    expect(seen).toEqual([]);
    await request(app).patch('/things/1').set('x-user', '2').send({ name: 'zu lang', extra: 1 }).expect(403);
    expect(seen).toEqual(['authorize 1']);
    await request(app).patch('/things/1').set('x-user', '1').send({ name: 'zu lang' }).expect(422);
    await request(app).patch('/things/1').set('x-user', '1').send({ name: 'gut' }).expect(200, { name: 'gut' });
    expect(seen).toEqual(['authorize 1', 'authorize 1', 'before', 'authorize 1', 'before']);
  });

  it('is required at start-up on a user write with a body and a record in the path; false opts out', () => {
    expect(() => appWith((api) => api.patch('/things/:id', 'Ändern', { body: Body, responses: { 200: ['Ding', Body] }, run: ({ body }) => body }))).toThrow(
      /patch \/things\/:id: a write with a body on a record in the path needs authorize/,
    );
    expect(() =>
      appWith((api) => api.post('/things/:id/report', 'Melden', { authorize: false, body: Body, responses: { 204: 'Gemeldet' }, run: () => undefined })),
    ).not.toThrow();
    // No body, or no record in the path: nothing to order.
    expect(() => appWith((api) => api.delete('/things/:id', 'Löschen', { responses: { 204: 'Gelöscht' }, run: () => undefined }))).not.toThrow();
    expect(() => appWith((api) => api.post('/things', 'Anlegen', { body: Body, responses: { 201: ['Ding', Body] }, run: ({ body }) => body }))).not.toThrow();
  });
});
