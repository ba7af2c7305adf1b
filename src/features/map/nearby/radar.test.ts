import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeNominatimServer } from '../../../../test/fakes/nominatim-server.js';
import { agentAs, buildUser, type BuiltUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { RADAR_TTL_MS } from './radar.cache.js';
import { citySlug, fillWarningCitiesJob } from './radar-cities.js';

const nominatim = new FakeNominatimServer();
await nominatim.start();
afterAll(() => nominatim.stop());
// Mid-June 2026: the last 12 months are July 2025 – June 2026.
const clock = fixedClock('2026-06-15T10:00:00Z');
const t = useTestApp({ clock, env: { NOMINATIM_URL: nominatim.url, NOMINATIM_TIMEOUT_MS: '500' } });

const AT = { lat: 51.234_567, lon: 7.654_321 };
let reporter: BuiltUser | undefined;
const reporterOf = async () => (reporter ??= await buildUser(t.ctx, { name: 'Rudi Reporterich' }));

/** A warning of a town straight into the table (the figures read only town, kind and the two dates). */
async function seed(city: string, kind: string, createdAt: string, extra: { status?: string; confirmed_at?: string } = {}) {
  const user = await reporterOf();
  await t.ctx.db
    .insertInto('poison_warnings')
    .values({
      user_id: user.id,
      ...AT,
      kind,
      description: 'Geheimer Text am Gartenzaun',
      status: extra.status ?? (extra.confirmed_at ? 'confirmed' : 'unconfirmed'),
      last_activity_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
      city,
      city_slug: citySlug(city),
      city_checked_at: createdAt,
      confirmed_at: extra.confirmed_at ?? null,
    })
    .execute();
}

/** Past the cache's life: every test sees the rows it wrote. */
const expireCache = () => clock.advance(RADAR_TTL_MS + 1);
const page = async (path: string, status = 200) => (await request(t.app).get(path).expect(status)).text;
const cell = (html: string, month: string, what: string) => new RegExp(`data-month="${month}">.*?<td ${what}>(\\d+)</td>`, 's').exec(html)?.[1];

describe('/giftkoeder-radar', () => {
  it('counts per month and kind, confirmed apart from reported; the last 12 months in Berlin time; no false alarms', async () => {
    await seed('Hundestadt', 'poison', '2026-06-03T08:00:00Z', { confirmed_at: '2026-06-04T08:00:00Z' });
    await seed('Hundestadt', 'poison', '2026-05-31T22:30:00Z'); // 1 June, 00:30 in Berlin
    await seed('Hundestadt', 'blue_green_algae', '2026-06-10T08:00:00Z');
    await seed('Hundestadt', 'rat_poison', '2026-04-20T08:00:00Z', { status: 'archived', confirmed_at: '2026-04-21T08:00:00Z' });
    await seed('Hundestadt', 'poison', '2026-06-11T08:00:00Z', { status: 'false_alarm' });
    await seed('Hundestadt', 'poison', '2025-06-20T08:00:00Z'); // 13 months ago
    expireCache();
    const html = await page('/giftkoeder-radar/hundestadt');
    expect(html).toContain('<h1>Giftköder und andere Gefahren in Hundestadt</h1>');
    expect(html).toContain('<strong data-total-reported>4</strong>');
    expect(html).toContain('<strong data-total-confirmed>2</strong>');
    expect(cell(html, '2026-06', 'data-reported')).toBe('3');
    expect(cell(html, '2026-06', 'data-confirmed')).toBe('1');
    expect(cell(html, '2026-05', 'data-reported')).toBe('0');
    expect(cell(html, '2026-04', 'data-reported')).toBe('1');
    expect(cell(html, '2026-04', 'data-confirmed')).toBe('1');
    expect(html).not.toContain('data-month="2025-06"');
    expect(html).toContain('data-month="2025-07"');
    expect(html).toMatch(
      /data-month="2026-06">.*?<td data-kind="poison">2 \(1 bestätigt\)<\/td><td data-kind="blue_green_algae">1<\/td><td data-kind="rat_poison">0<\/td>/s,
    );
    // The chart is inline SVG with a bar per month, no script.
    expect(html).toContain('<svg viewBox="0 0 360 160"');
    expect(html.match(/<rect /g)).toHaveLength(24);
    expect(html).toContain('<title>Jun 2026: 3 gemeldet, 1 bestätigt</title>');
    expect(html).not.toMatch(/<script(?! src="\/js\/session-link\.js)/);
    // Social preview.
    expect(html).toContain('<meta property="og:title" content="Giftköder in Hundestadt: 4 Warnungen in 12 Monaten');
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1/giftkoeder-radar/hundestadt">');

    const index = await page('/giftkoeder-radar');
    expect(index).toContain('<a href="/giftkoeder-radar/hundestadt">Hundestadt</a></td><td>4</td>');
  });

  it('lists no town under 3 warnings, and its page is 404; the sitemap has the listed towns', async () => {
    await seed('Kleindorf', 'poison', '2026-06-01T08:00:00Z');
    await seed('Kleindorf', 'broken_glass', '2026-06-02T08:00:00Z');
    for (const day of ['01', '02', '03']) await seed('Großstadt an der Düssel', 'processionary_moth', `2026-05-${day}T08:00:00Z`);
    expireCache();
    const index = await page('/giftkoeder-radar');
    expect(index).not.toContain('Kleindorf');
    expect(index).toContain('href="/giftkoeder-radar/grossstadt-an-der-duessel"');
    await page('/giftkoeder-radar/kleindorf', 404);
    await page('/giftkoeder-radar/gibt-es-nicht', 404);
    await page('/giftkoeder-radar/..%2F..', 404);
    const sitemap = await page('/sitemap.xml');
    expect(sitemap).toContain('<loc>http://127.0.0.1/giftkoeder-radar</loc>');
    expect(sitemap).toContain('<loc>http://127.0.0.1/giftkoeder-radar/grossstadt-an-der-duessel</loc>');
    expect(sitemap).not.toContain('kleindorf');
    const robots = await page('/robots.txt');
    expect(robots).not.toMatch(/Disallow: \/giftkoeder/);
  });

  it('never shows a position, a text or a user', async () => {
    for (const day of ['01', '02', '03']) await seed('Diskretheim', 'poison', `2026-06-${day}T08:00:00Z`);
    expireCache();
    const user = await reporterOf();
    for (const html of [await page('/giftkoeder-radar'), await page('/giftkoeder-radar/diskretheim')]) {
      for (const secret of ['51.23', '7.65', 'Rudi', 'Reporterich', user.email, 'Geheimer Text', 'user_id']) expect(html).not.toContain(secret);
      expect(html).not.toMatch(/data-lat|mlat=/);
    }
  });

  it('is cached, compressed once and renewed within its TTL', async () => {
    for (const day of ['01', '02', '03']) await seed('Cachingen', 'poison', `2026-06-${day}T08:00:00Z`);
    expireCache();
    const first = await request(t.app).get('/giftkoeder-radar/cachingen').set('Accept-Encoding', 'gzip').expect(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    await request(t.app).get('/giftkoeder-radar/cachingen').set('If-None-Match', String(first.headers.etag)).expect(304);
    await seed('Cachingen', 'poison', '2026-06-04T08:00:00Z');
    clock.advance(RADAR_TTL_MS - 1000);
    expect(await page('/giftkoeder-radar/cachingen')).toContain('<strong data-total-reported>3</strong>');
    clock.advance(1001);
    expect(await page('/giftkoeder-radar/cachingen')).toContain('<strong data-total-reported>4</strong>');
  });

  it('escapes a town named <script>', async () => {
    const evil = '<script>alert(1)</script>';
    for (const day of ['01', '02', '03']) await seed(evil, 'poison', `2026-06-${day}T08:00:00Z`);
    expireCache();
    const slug = citySlug(evil);
    expect(slug).toBe('script-alert-1-script');
    for (const html of [await page('/giftkoeder-radar'), await page(`/giftkoeder-radar/${slug}`)]) {
      expect(html).not.toContain(evil);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('stores the town at creation from Nominatim; the job fills old warnings, one request a second, cached per km', async () => {
    nominatim.city = 'Wuppertal';
    nominatim.requests = [];
    const user = await buildUser(t.ctx);
    const made = await agentAs(t, user)
      .post('/api/poison-warnings')
      .send({ lat: 51.256, lon: 7.15, kind: 'rat_poison', description: 'Körner am Weg' })
      .expect(201);
    const stored = await t.ctx.db
      .selectFrom('poison_warnings')
      .select(['city', 'city_slug', 'city_checked_at'])
      .where('id', '=', made.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ city: 'Wuppertal', city_slug: 'wuppertal' });
    expect(nominatim.requests[0]?.query.get('zoom')).toBe('10');
    expect(nominatim.requests[0]?.query.get('lat')).toBe('51.26');

    // Two old warnings in another square kilometre, one in the same as the new one (answered from the cache).
    nominatim.city = 'Solingen';
    const old = (lat: number, lon: number) =>
      t.ctx.db
        .insertInto('poison_warnings')
        .values({
          user_id: user.id,
          lat,
          lon,
          kind: 'poison',
          description: 'alt',
          last_activity_at: '2026-01-01T00:00:00Z',
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const ids = [(await old(51.17, 7.08)).id, (await old(51.171, 7.081)).id, (await old(51.2561, 7.1501)).id, (await old(51.3, 7.2)).id];
    nominatim.requests = [];
    expect(await fillWarningCitiesJob.run(t.ctx)).toBeGreaterThanOrEqual(4);
    const rows = await t.ctx.db.selectFrom('poison_warnings').select(['id', 'city']).where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((r) => r.city)).toEqual(['Solingen', 'Solingen', 'Wuppertal', 'Solingen']);
    expect(nominatim.requests).toHaveLength(2);
    expect(nominatim.requests[1]!.at - nominatim.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(await fillWarningCitiesJob.run(t.ctx)).toBe(0);
  });

  it('leaves a warning for the job when Nominatim fails, and does not ask again where there is no town', async () => {
    nominatim.mode = '429';
    const user = await buildUser(t.ctx);
    const made = await agentAs(t, user).post('/api/poison-warnings').send({ lat: 50.5, lon: 9.5, kind: 'poison', description: 'Wurst' }).expect(201);
    const row = () => t.ctx.db.selectFrom('poison_warnings').select(['city', 'city_checked_at']).where('id', '=', made.body.id).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ city: null, city_checked_at: null });
    nominatim.mode = 'unknown';
    await fillWarningCitiesJob.run(t.ctx);
    expect((await row()).city_checked_at).not.toBeNull();
    expect((await row()).city).toBeNull();
    nominatim.mode = 'ok';
  });
});
