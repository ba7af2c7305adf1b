import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock, MINUTE } from '#core/clock.js';
import { buildUser, sessionCookie } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { loadBreeds } from './breeds.loader.js';

// One proxy hop is trusted here, so each test can speak from its own client address via X-Forwarded-For.
const clock = fixedClock('2026-11-21T10:00:00.000Z');
const t = useTestApp({ clock, env: { RATE_LIMITS_ENABLED: 'true', TRUST_PROXY: '1', IP_BLOCK_MINUTES: '30' } });

beforeAll(async () => {
  await loadBreeds(t.ctx);
});

/** What Chromium sends for an <img> on another site that points here. */
const BROWSER_IMG_FROM_ELSEWHERE = {
  'Sec-Fetch-Site': 'cross-site',
  'Sec-Fetch-Mode': 'no-cors',
  'Sec-Fetch-Dest': 'image',
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  Accept: 'image/avif,image/webp,*/*',
  Referer: 'https://boese-seite.example/',
};

const from = (ip: string) => ({ get: (path: string) => request(t.app).get(path).set('X-Forwarded-For', ip) });

describe('rate limits of the breed wiki', () => {
  it('allows 60 list requests per minute per address, then 429 with Retry-After; other addresses go on', async () => {
    for (let i = 0; i < 60; i++)
      await from('203.0.113.10')
        .get(`/api/wiki/rassen?limit=1&q=${i % 2 ? 'mops' : 'pudel'}`)
        .expect(200);
    const res = await from('203.0.113.10').get('/api/wiki/rassen').expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['ratelimit-policy']).toMatch(/q=60; w=60/);
    expect(res.body.error.code).toBe('rate_limited');
    await from('203.0.113.11').get('/api/wiki/rassen').expect(200);
  });

  it('counts the HTML breed pages in the same families: the API and /rassen share one allowance', async () => {
    for (let i = 0; i < 30; i++)
      await from('203.0.113.30')
        .get(i % 2 ? '/rassen/pug' : '/api/wiki/rassen/pug')
        .expect(200);
    await from('203.0.113.30').get('/rassen/pug').expect(429);
    await from('203.0.113.30').get('/api/wiki/rassen/pug').expect(429);
    for (let i = 0; i < 60; i++) await from('203.0.113.31').get(`/rassen?q=${i}`).expect(200);
    await from('203.0.113.31').get('/rassen?q=mops').expect(429);
    await from('203.0.113.31').get('/api/wiki/rassen').expect(429);
  });

  it('gives search engines a larger allowance on the HTML pages, bounded per address', async () => {
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    for (let i = 0; i < 300; i++) await from('203.0.113.40').get('/rassen/pug').set('User-Agent', googlebot).expect(200);
    const res = await from('203.0.113.40').get('/rassen/pug').set('User-Agent', googlebot).expect(429);
    expect(res.headers['ratelimit-policy']).toMatch(/q=300; w=60/);
    // the API gets no crawler allowance (robots.txt forbids it to crawlers anyway)
    for (let i = 0; i < 30; i++) await from('203.0.113.41').get('/api/wiki/rassen/pug').set('User-Agent', googlebot).expect(200);
    await from('203.0.113.41').get('/api/wiki/rassen/pug').set('User-Agent', googlebot).expect(429);
  });

  it('allows 30 detail requests per minute per address, counted apart from the list', async () => {
    for (let i = 0; i < 30; i++) await from('203.0.113.20').get('/api/wiki/rassen/pug').expect(200);
    const res = await from('203.0.113.20').get('/api/wiki/rassen/pug').expect(429);
    expect(res.headers['ratelimit-policy']).toMatch(/q=30; w=60/);
    await from('203.0.113.20').get('/api/wiki/rassen?limit=1').expect(200);
  });
});

describe('GET /api/wiki/trap', () => {
  it('blocks the address for IP_BLOCK_MINUTES, logs the hit as abuse, and answers 403 everywhere meanwhile', async () => {
    const warn = vi.spyOn(t.ctx.log, 'warn');
    const hit = await from('198.51.100.66').get('/api/wiki/trap').set('User-Agent', 'EvilScraper/1.0').expect(403);
    expect(hit.body.error).toEqual({ code: 'forbidden', message: 'Zugriff gesperrt.' });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ abuse: 'honeypot', ip: '198.51.100.66', userAgent: 'EvilScraper/1.0' }), 'abuse: honeypot hit');

    const row = await t.ctx.db.selectFrom('ip_blocks').selectAll().where('ip', '=', '198.51.100.66').executeTakeFirstOrThrow();
    expect(row.blocked_until).toBe('2026-11-21T10:30:00.000Z');
    expect(row.reason).toMatch(/honeypot/);

    await from('198.51.100.66').get('/api/wiki/rassen').expect(403);
    await from('198.51.100.66').get('/rassen/pug').expect(403);
    await from('198.51.100.66').get('/').expect(403);
    await from('198.51.100.67').get('/rassen/pug').expect(200);

    clock.advance(29 * MINUTE);
    await from('198.51.100.66').get('/').expect(403);
    clock.advance(2 * MINUTE);
    await from('198.51.100.66').get('/').expect(200);
  });

  it('locks out only the anonymous requests of the address: a signed-in user there, and other addresses, go on', async () => {
    const user = await buildUser(t.ctx);
    await from('198.51.100.70').get('/api/wiki/trap').expect(403);
    await from('198.51.100.70').get('/api/auth/me').expect(403);
    await from('198.51.100.70').get('/api/auth/me').set('Cookie', sessionCookie(t.ctx, user)).expect(200);
    await from('198.51.100.71').get('/rassen/pug').expect(200);
  });

  it('keeps the block across a restart (it lives in the database)', async () => {
    await from('198.51.100.77').get('/api/wiki/trap').expect(403);
    const { IpBlocklist } = await import('#core/http/guards/ip-blocklist.js');
    const fresh = new IpBlocklist(t.ctx.db, clock, t.ctx.log);
    await fresh.load();
    expect(fresh.isBlocked('198.51.100.77')).toBe(true);
    expect(fresh.isBlocked('198.51.100.78')).toBe(false);
  });

  it('spares browsers sent by another site and logged-in users (no blocking by a planted <img>)', async () => {
    await from('198.51.100.88').get('/api/wiki/trap').set(BROWSER_IMG_FROM_ELSEWHERE).expect(403);
    await from('198.51.100.88').get('/rassen/pug').expect(200);
    const user = await buildUser(t.ctx);
    await from('198.51.100.89').get('/api/wiki/trap').set('Cookie', sessionCookie(t.ctx, user)).expect(403);
    await from('198.51.100.89').get('/rassen/pug').expect(200);
    expect(await t.ctx.db.selectFrom('ip_blocks').select('ip').where('ip', 'in', ['198.51.100.88', '198.51.100.89']).execute()).toEqual([]);
  });

  it('does not spare a bot that only adds Sec-Fetch-Site: cross-site (or lacks any other browser sign)', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['198.51.100.90', { 'Sec-Fetch-Site': 'cross-site', 'User-Agent': 'curl/8.5.0' }],
      ['198.51.100.91', { ...BROWSER_IMG_FROM_ELSEWHERE, 'Sec-Fetch-Mode': '' }],
      ['198.51.100.92', { ...BROWSER_IMG_FROM_ELSEWHERE, 'User-Agent': 'python-requests/2.32' }],
      ['198.51.100.93', { ...BROWSER_IMG_FROM_ELSEWHERE, Referer: 'http://127.0.0.1/rassen/pug' }],
      ['198.51.100.94', { ...BROWSER_IMG_FROM_ELSEWHERE, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0' }],
    ];
    for (const [ip, headers] of cases) {
      await from(ip).get('/api/wiki/trap').set(headers).expect(403);
      await from(ip).get('/rassen/pug').expect(403);
    }
  });

  it('is forbidden to crawlers by robots.txt, which allows the server-rendered pages', async () => {
    const robots = (await from('192.0.2.1').get('/robots.txt').expect(200)).text;
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).not.toMatch(/^Disallow: \/rassen/m);
    expect(robots).not.toMatch(/^Disallow: \/help/m);
    expect(robots).toContain('Sitemap: http://127.0.0.1/sitemap.xml');
  });
});
