import express from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cspDirectives } from '../../src/core/http/csp.js';
import { securityHeaders } from '../../src/core/http/security-headers.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

/** The app's helmet options (src/app.ts), for production and development. */
const options = (isProduction: boolean): HelmetOptions => ({
  contentSecurityPolicy: { directives: cspDirectives('https://pfotenbuch.example', isProduction) },
  strictTransportSecurity: isProduction,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});

async function headersOf(middleware: express.RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.json({});
  });
  const res = await request(app).get('/').expect(200);
  const { date: _date, etag: _etag, ...rest } = res.headers as Record<string, string>;
  return rest;
}

describe('security headers worked out once', () => {
  it('are exactly the headers helmet sets itself, in production and in development', async () => {
    for (const isProduction of [true, false]) {
      const ours = await headersOf(securityHeaders(options(isProduction)));
      expect(ours).toEqual(await headersOf(helmet(options(isProduction))));
      expect(ours['content-security-policy']).toContain("style-src-elem 'self'");
      if (isProduction) expect(ours['strict-transport-security']).toMatch(/max-age=/);
    }
  });

  it('are on every answer of the app: pages, the API, errors', async () => {
    for (const path of ['/', '/api/version', '/api/gibt-es-nicht']) {
      const res = await request(t.app).get(path);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('refuse options whose headers would depend on the request', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", (req) => `'nonce-${(req as { id?: string }).id}'`] } } }),
    ).toThrow(/depend on the request/);
  });
});
