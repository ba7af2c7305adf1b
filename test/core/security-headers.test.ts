import express from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DATA_POLICY } from '#platform/http/csp-at-head.js';
import { cspDirectives } from '#core/http/csp.js';
import { securityHeaders } from '#platform/http/security-headers.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

/** The app's helmet options (src/app.ts), for production and development. */
const options = (isProduction: boolean): HelmetOptions => ({
  contentSecurityPolicy: { directives: cspDirectives('https://pfotenbuch.example', isProduction, ['https://tile.openstreetmap.org']) },
  strictTransportSecurity: isProduction,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});

/** A small app with the headers of `install` (ours or helmet's) and one answer of each kind. */
function appWith(install: (app: express.Express) => express.RequestHandler): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(install(app));
  app.get('/page', (_req, res) => {
    res.type('html').send('<p>Hallo</p>');
  });
  app.get('/json', (_req, res) => {
    res.json({});
  });
  app.get('/geo', (_req, res) => {
    res.type('application/geo+json').send('{}');
  });
  app.get('/untyped', (_req, res) => {
    res.end();
  });
  app.get('/own', (_req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.type('application/pdf').send(Buffer.from('%PDF-'));
  });
  return app;
}

async function headersOf(app: express.Express, path: string): Promise<Record<string, string>> {
  const res = await request(app).get(path).expect(200);
  const { date: _date, etag: _etag, 'content-type': _type, 'content-length': _length, ...rest } = res.headers as Record<string, string>;
  return rest;
}

describe('security headers worked out once', () => {
  it('are exactly the headers helmet sets itself on a page, in production and in development', async () => {
    for (const isProduction of [true, false]) {
      const ours = appWith((app) => securityHeaders(app, options(isProduction)));
      const helmets = appWith(() => helmet(options(isProduction)));
      for (const path of ['/page', '/untyped']) expect(await headersOf(ours, path)).toEqual(await headersOf(helmets, path));
      const page = await headersOf(ours, '/page');
      expect(page['content-security-policy']).toContain("style-src-elem 'self'");
      if (isProduction) expect(page['strict-transport-security']).toMatch(/max-age=/);
    }
  });

  it('give JSON answers the stricter data policy and every other helmet header', async () => {
    const ours = appWith((app) => securityHeaders(app, options(true)));
    const helmets = appWith(() => helmet(options(true)));
    for (const path of ['/json', '/geo']) {
      const { 'content-security-policy': policy, ...rest } = await headersOf(ours, path);
      const { 'content-security-policy': _page, ...helmetRest } = await headersOf(helmets, path);
      expect(policy).toBe(DATA_POLICY);
      expect(rest).toEqual(helmetRest);
    }
  });

  it('give a 304 no policy, so a cache keeps the one the stored answer came with', async () => {
    const ours = appWith((app) => securityHeaders(app, options(true)));
    const first = await request(ours).get('/json').expect(200);
    const again = await request(ours)
      .get('/json')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('leave an answer its own policy', async () => {
    const ours = appWith((app) => securityHeaders(app, options(true)));
    expect((await headersOf(ours, '/own'))['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('are on every answer of the app: pages, the API, errors, HTML under /api', async () => {
    for (const [path, policy] of [
      ['/', "default-src 'self'"],
      ['/api/docs', "default-src 'self'"],
      ['/api/version', DATA_POLICY],
      ['/api/gibt-es-nicht', DATA_POLICY],
    ] as const) {
      const res = await request(t.app).get(path);
      expect(res.headers['content-security-policy']).toContain(policy);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('refuse options whose headers would depend on the request', () => {
    expect(() =>
      securityHeaders(express(), {
        contentSecurityPolicy: { directives: { 'script-src': ["'self'", (req) => `'nonce-${(req as { id?: string }).id}'`] } },
      }),
    ).toThrow(/depend on the request/);
  });
});
