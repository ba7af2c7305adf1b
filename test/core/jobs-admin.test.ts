import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../src/jobs.js';
import { agentAs, buildAdmin, buildModerator, buildUser } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

async function waitFinished(agent: ReturnType<typeof agentAs>, name: string) {
  for (let i = 0; i < 100; i++) {
    const list = await agent.get('/api/admin/jobs').expect(200);
    const job = list.body.items.find((j: { name: string }) => j.name === name);
    if (job?.last_finished_at && !job.running) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('job did not finish');
}

describe('GET /api/admin/jobs', () => {
  it('is 401 without a session and 403 for users and moderators', async () => {
    await request(t.app).get('/api/admin/jobs').expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .get('/api/admin/jobs')
      .expect(403);
    await agentAs(t, await buildModerator(t.ctx))
      .get('/api/admin/jobs')
      .expect(403);
  });

  it('lists every job of the job table with its schedule and next run, and no run yet', async () => {
    const res = await agentAs(t, await buildAdmin(t.ctx))
      .get('/api/admin/jobs')
      .expect(200);
    expect(res.body.items.map((j: { name: string }) => j.name)).toEqual(jobs.map((j) => j.name));
    expect(res.body.items.find((j: { name: string }) => j.name === 'errors.send-digest')).toMatchObject({
      schedule: '30 6 * * *',
      next_run_at: expect.any(String),
      running: false,
      last_status: null,
      last_count: null,
    });
  });
});

describe('POST /api/admin/jobs/:name/run', () => {
  it('is 401 without a session, 403 for a user, 400 for a malformed name, 404 for an unknown job', async () => {
    await request(t.app).post('/api/admin/jobs/push.send-due/run').expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .post('/api/admin/jobs/push.send-due/run')
      .expect(403);
    const admin = agentAs(t, await buildAdmin(t.ctx));
    await admin.post('/api/admin/jobs/DROP%20TABLE/run').expect(400);
    await admin.post('/api/admin/jobs/gibt.es-nicht/run').expect(404);
  });

  it('starts the job now and records last run, duration, outcome and count; 409 while it holds the lease', async () => {
    const admin = agentAs(t, await buildAdmin(t.ctx));
    const started = await admin.post('/api/admin/jobs/accounts.purge-blacklist/run').expect(202);
    expect(started.body).toMatchObject({ name: 'accounts.purge-blacklist', started_at: expect.any(String) });
    const job = await waitFinished(admin, 'accounts.purge-blacklist');
    expect(job).toMatchObject({ last_status: 'ok', last_count: 0, last_error: null, last_duration_ms: expect.any(Number) });

    // Another instance holds the lease: the manual start is refused.
    await t.ctx.db
      .updateTable('job_leases')
      .set({ owner: 'other-instance', locked_until: new Date(Date.now() + 60_000).toISOString() })
      .where('name', '=', 'accounts.purge-blacklist')
      .execute();
    const busy = await admin.post('/api/admin/jobs/accounts.purge-blacklist/run').expect(409);
    expect(busy.body.error.code).toBe('job_running');
    expect((await admin.get('/api/admin/jobs').expect(200)).body.items.find((j: { name: string }) => j.name === 'accounts.purge-blacklist').running).toBe(true);
  });
});
