import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PrefixRouter, staticPrefix, type RouteTable } from '#platform/http/prefix-router.js';

/**
 * The route table's router must answer exactly like one express.Router holding the same registrations in the same
 * order: the same routes are registered on both, and every request gets the same answer from both.
 */
const trail =
  (name: string, pass = false): RequestHandler =>
  (req, res, next) => {
    res.locals.trail = [...((res.locals.trail as string[]) ?? []), name];
    if (pass) return next();
    res.json({ by: name, trail: res.locals.trail, params: req.params });
  };

function register(table: RouteTable): void {
  table.use('/api', trail('api-wide middleware', true));
  table.get('/api/dogs/:id', trail('dog by id'));
  table.get('/api/dogs/special', trail('never: the :id route comes first'));
  table.get('/api/:kind/list', trail('any kind list'));
  table.post('/api/dogs', trail('create dog'));
  table.use('/build', trail('static files', true));
  table.get('/build/app.js', trail('app.js'));
  table.get('/api/diary/entries', trail('entries, passes on', true));
  table.use(['/api/diary'], trail('diary middleware after the route', true));
  table.get('/api/diary/entries', trail('entries, second'));
  table.get(['/app', '/app/*route'], trail('app shell'));
  table.get('/media/*path', trail('media'));
  table.get('/:slug', trail('a public page'));
  table.delete('/api/dogs/:id', trail('delete dog'));
}

const appWith = (router: RequestHandler) => {
  const app = express();
  app.use(router);
  app.use((_req, res) => {
    res.status(404).json({ by: 'not found', trail: res.locals.trail ?? [] });
  });
  return app;
};

describe('PrefixRouter', () => {
  const plain = express.Router();
  register(plain);
  const prefixed = new PrefixRouter();
  register(prefixed);
  const expected = appWith(plain);
  const actual = appWith(prefixed.handle);

  it('answers every request exactly as one express.Router with the same registrations', async () => {
    const requests: [string, string][] = [
      ['get', '/api/dogs/5'],
      ['get', '/API/Dogs/5'],
      ['get', '/api/dogs/special'],
      ['get', '/api/dogs/list'],
      ['get', '/api/walks/list'],
      ['get', '/api/unknown/list'],
      ['get', '/api/unknown'],
      ['post', '/api/dogs'],
      ['delete', '/api/dogs/9'],
      ['get', '/build/app.js'],
      ['get', '/build/other.js'],
      ['get', '/api/diary/entries'],
      ['get', '/app'],
      ['get', '/app/hunde/3'],
      ['get', '/media/u/1/a.jpg'],
      ['get', '/impressum'],
      ['get', '/'],
      ['get', '//api/dogs/5'],
      ['get', '/api/dog%73/5'],
      ['put', '/api/dogs/5'],
    ];
    for (const [method, path] of requests) {
      const want = await request(expected)[method as 'get'](path);
      const got = await request(actual)[method as 'get'](path);
      expect({ method, path, status: got.status, body: got.body }).toEqual({ method, path, status: want.status, body: want.body });
    }
  });

  it('takes routes registered after the first request into account', async () => {
    const router = new PrefixRouter();
    router.get('/api/a', trail('a'));
    const app = appWith(router.handle);
    await request(app).get('/api/b').expect(404);
    router.get('/api/b', trail('b'));
    expect((await request(app).get('/api/b').expect(200)).body.by).toBe('b');
  });

  it('reads the static start of a path', () => {
    expect(staticPrefix('/api/dogs/:id')).toEqual(['api', 'dogs']);
    expect(staticPrefix('/API/Dogs')).toEqual(['api', 'dogs']);
    expect(staticPrefix('/api/:kind/list')).toEqual(['api']);
    expect(staticPrefix('/media/*path')).toEqual(['media']);
    expect(staticPrefix('/:slug')).toEqual([]);
    expect(staticPrefix('/')).toEqual([]);
    expect(staticPrefix('/api{/:x}')).toEqual([]);
  });
});
