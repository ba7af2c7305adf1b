import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Job } from '#core/context.js';
import { Scheduler } from '#platform/scheduler/scheduler.js';
import { useTestApp } from '../helpers/test-app.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });
const off = useTestApp();

const scrape = () => request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
/** The value of one sample line, or undefined when the series does not exist. */
const sample = (body: string, series: string) => {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('answers only to the bearer token (401 otherwise), and does not exist without METRICS_TOKEN (404)', async () => {
    const none = await request(t.app).get('/metrics').expect(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await request(t.app).get('/metrics').set('Authorization', TOKEN).expect(401);
    const ok = await scrape();
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers['cache-control']).toBe('no-store');
    await request(off.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('counts requests by route template and status class, never by raw path; a request no route took gets one fixed label', async () => {
    await request(t.app).get('/api/dogs/7').expect(401);
    await request(t.app).get('/api/dogs/8').expect(401);
    await request(t.app).get('/gibt-es-nicht/123').expect(404);
    await request(t.app).get('/gibt-es-auch-nicht/456').expect(404);
    const { text } = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/dogs/:dogId",status_class="4xx"}')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket{method="GET",route="/api/dogs/:dogId",status_class="4xx",le="+Inf"}')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}')).toBeGreaterThanOrEqual(2);
    expect(text).not.toMatch(/route="\/api\/dogs\/[78]"/);
    expect(text).not.toContain('gibt-es');
  });

  it('counts job runs by job and outcome, and carries the queue depths and Node’s process metrics', async () => {
    const jobs: Job[] = [
      { name: 'test.ok', schedule: '0 3 * * *', run: async () => 1 },
      { name: 'test.broken', schedule: '0 3 * * *', run: async () => Promise.reject(new Error('kaputt')) },
    ];
    const scheduler = new Scheduler(t.ctx, jobs);
    await scheduler.runNow(jobs[0]!, '2026-11-21T03:00');
    await scheduler.runNow(jobs[0]!, '2026-11-22T03:00');
    await scheduler.runNow(jobs[1]!, '2026-11-21T03:00');
    const { text } = await scrape();
    expect(sample(text, 'job_runs_total{job="test.ok",outcome="ok"}')).toBe(2);
    expect(sample(text, 'job_runs_total{job="test.broken",outcome="failed"}')).toBe(1);
    expect(sample(text, 'push_queue_depth')).toBe(0);
    expect(sample(text, 'mail_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    if (t.ctx.engine === 'postgres') expect(sample(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
  });
});
