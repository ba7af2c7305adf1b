import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { cspDirectives, reportingEndpoints } from '#core/http/csp.js';
import { parseCspReports } from '#core/http/csp-report-parse.js';
import { addCspViolations, CSP_KINDS_PER_DAY, CSP_OVERFLOW_KIND } from '#core/http/csp-reports.repo.js';

const clock = fixedClock('2026-11-21T10:00:00Z');
const t = useTestApp({ clock, env: { TRUST_PROXY: '1', RATE_LIMITS_ENABLED: 'true' } });
const origin = () => new URL(t.ctx.config.publicUrl).origin;

/** What Chromium posts for report-uri (application/csp-report). */
const legacyReport = (page: string, blocked: string) => ({
  'csp-report': {
    'document-uri': page,
    referrer: '',
    'violated-directive': 'style-src-elem',
    'effective-directive': 'style-src-elem',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'blocked-uri': blocked,
    'status-code': 200,
  },
});

/** What Chromium posts for report-to (the Reporting API, application/reports+json). */
const reportingApiBatch = (page: string, blocked: string) => [
  {
    age: 10,
    type: 'csp-violation',
    url: page,
    user_agent: 'Chromium',
    body: { documentURL: page, effectiveDirective: 'font-src', blockedURL: blocked, disposition: 'enforce', statusCode: 200 },
  },
];

const post = (ip: string, type: string, body: unknown) =>
  request(t.app).post('/api/csp-reports').set('X-Forwarded-For', ip).set('Content-Type', type).send(JSON.stringify(body));

describe('CSP reports', () => {
  it('takes both report formats without a session or an Origin of ours, and lists them grouped and counted for admins only', async () => {
    const page = `${origin()}/app/hunde/17?token=geheim`;
    await post('198.51.100.1', 'application/csp-report', legacyReport(page, 'https://evil.example/x.css?a=1')).expect(204);
    await post('198.51.100.1', 'application/csp-report', legacyReport(`${origin()}/app/hunde/18`, 'https://evil.example/x.css'))
      .set('Origin', 'null')
      .expect(204);
    await post('198.51.100.1', 'application/reports+json', reportingApiBatch(`${origin()}/rassen`, 'https://fonts.example/a.woff2')).expect(204);

    await request(t.app).get('/api/admin/csp-reports').expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .get('/api/admin/csp-reports')
      .expect(403);
    const items = (
      await agentAs(t, await buildAdmin(t.ctx))
        .get('/api/admin/csp-reports')
        .expect(200)
    ).body.items;
    expect(items).toEqual([
      // Two dogs' pages are one page: ids folded, the query (a token) dropped.
      {
        directive: 'style-src-elem',
        blocked: 'https://evil.example/x.css',
        page: '/app/hunde/:id',
        count: 2,
        first_at: '2026-11-21T10:00:00.000Z',
        last_at: '2026-11-21T10:00:00.000Z',
      },
      {
        directive: 'font-src',
        blocked: 'https://fonts.example/a.woff2',
        page: '/rassen',
        count: 1,
        first_at: '2026-11-21T10:00:00.000Z',
        last_at: '2026-11-21T10:00:00.000Z',
      },
    ]);
  });

  it('refuses a body over 16 KB (413) and no JSON (400), and stores nothing of either', async () => {
    const big = legacyReport(`${origin()}/app`, 'https://evil.example/' + 'a'.repeat(17 * 1024));
    await post('198.51.100.2', 'application/csp-report', big).expect(413);
    await post('198.51.100.2', 'application/csp-report', '{kaputt').expect(400);
    // Another content type is not read at all.
    await request(t.app).post('/api/csp-reports').set('X-Forwarded-For', '198.51.100.2').set('Content-Type', 'text/plain').send('x').expect(204);
    const rows = await t.ctx.db.selectFrom('csp_reports').select('blocked').execute();
    expect(rows.some((r) => r.blocked.includes('aaaa'))).toBe(false);
  });

  it('answers a flood from one address with 429 (the cspReport limit), other addresses still report', async () => {
    const report = legacyReport(`${origin()}/app`, 'inline');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post('198.51.100.3', 'application/csp-report', report)).status);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
    await post('198.51.100.4', 'application/csp-report', report).expect(204);
  });

  it('sends the policy with report-uri, and over plain HTTP no report-to (the Reporting API sends only to HTTPS)', async () => {
    const res = await request(t.app).get('/rassen').expect(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("style-src-elem 'self'");
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).toContain("font-src 'self'");
    expect(csp).not.toMatch(/https:(?!\/\/)/); // no scheme wildcard anywhere
    expect(csp).toContain(`report-uri ${t.ctx.config.publicUrl}/api/csp-reports`);
    expect(csp).not.toContain('report-to');
    expect(res.headers['reporting-endpoints']).toBeUndefined();
  });

  it('over HTTPS names the endpoint for report-to in Reporting-Endpoints as well', async () => {
    const directives = cspDirectives('https://pfotenbuch.example', true, ['https://tile.openstreetmap.org']);
    expect(directives['report-to']).toEqual(['csp-endpoint']);
    expect(directives['report-uri']).toEqual(['https://pfotenbuch.example/api/csp-reports']);
    expect(reportingEndpoints('https://pfotenbuch.example')).toEqual({ 'Reporting-Endpoints': 'csp-endpoint="https://pfotenbuch.example/api/csp-reports"' });
    expect(reportingEndpoints('http://127.0.0.1')).toEqual({});
  });
});

describe('storage of CSP reports', () => {
  const kind = (n: number) => ({ directive: 'img-src', blocked: `https://k${n}.example`, page: '/app' });
  const rowsOf = (day: string) => t.ctx.db.selectFrom('csp_reports').select(['blocked', 'count']).where('day', '=', day).execute();

  it(`keeps at most ${CSP_KINDS_PER_DAY} kinds a day, also under concurrent reports; beyond that they are only counted`, async () => {
    const day = '2026-10-01';
    const at = '2026-10-01T08:00:00.000Z';
    await addCspViolations(
      t.ctx.db,
      day,
      at,
      Array.from({ length: CSP_KINDS_PER_DAY - 20 }, (_, i) => kind(i)),
    );
    // 10 reports at once, each with 5 new kinds and one known kind: 20 new kinds fit, 30 are only counted.
    await Promise.all(
      Array.from({ length: 10 }, (_, r) => addCspViolations(t.ctx.db, day, at, [kind(0), ...Array.from({ length: 5 }, (_, i) => kind(1000 + r * 5 + i))])),
    );
    const rows = await rowsOf(day);
    const overflow = rows.find((r) => r.blocked === CSP_OVERFLOW_KIND.blocked);
    expect(rows.length - 1).toBe(CSP_KINDS_PER_DAY);
    expect(overflow?.count).toBe(30);
    expect(rows.find((r) => r.blocked === kind(0).blocked)?.count).toBe(11);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(CSP_KINDS_PER_DAY - 20 + 60);

    // A known kind still counts on its own row; the next day starts afresh.
    await addCspViolations(t.ctx.db, day, at, [kind(1), kind(99_999)]);
    expect((await rowsOf(day)).length - 1).toBe(CSP_KINDS_PER_DAY);
    await addCspViolations(t.ctx.db, '2026-10-02', at, [kind(99_999)]);
    expect(await rowsOf('2026-10-02')).toEqual(
      expect.arrayContaining([
        { blocked: kind(99_999).blocked, count: 1 },
        { blocked: CSP_OVERFLOW_KIND.blocked, count: 0 },
      ]),
    );
  });
});

describe('pages under the policy', () => {
  it('carry no <style> element (style-src-elem would refuse it): the shell, the error page, the breed list', async () => {
    for (const path of ['/app', '/gibt-es-nicht', '/rassen', '/']) {
      const res = await request(t.app).get(path).set('Accept', 'text/html');
      expect({ path, style: /<style[\s>]/i.test(res.text) }).toEqual({ path, style: false });
    }
  });
});

describe('parseCspReports', () => {
  it('keeps at most 20 violations of a batch and ignores other report types and stray bodies', () => {
    const own = 'https://pfotenbuch.example';
    const many = Array.from({ length: 30 }, () => reportingApiBatch(`${own}/app`, 'inline')[0]);
    expect(parseCspReports(many, own)).toHaveLength(20);
    expect(parseCspReports([{ type: 'deprecation', body: { id: 'x' } }], own)).toEqual([]);
    expect(parseCspReports({ hallo: 1 }, own)).toEqual([]);
    expect(parseCspReports(reportingApiBatch(`${own}/app`, 'data:font/woff2;base64,AAAA'), own)).toEqual([
      { directive: 'font-src', blocked: 'data', page: '/app' },
    ]);
  });
});
