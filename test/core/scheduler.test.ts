import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#core/logger.js';
import type { Job } from '#core/context.js';
import { Scheduler } from '#platform/scheduler/scheduler.js';
import { purgeBlacklistJob, purgeLoginFailuresJob } from '../../src/features/accounts/accounts/accounts.jobs.js';
import { jobs } from '../../src/jobs.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

describe('scheduler', () => {
  it('runs a job on one instance only when two race for it, and records the outcome', async () => {
    let runs = 0;
    const slow: Job = {
      name: 'test.slow',
      schedule: '0 0 1 1 *',
      run: async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 100));
        return 7;
      },
    };
    const a = new Scheduler(t.ctx, [slow]);
    const b = new Scheduler(t.ctx, [slow]);
    const results = await Promise.all([a.runNow(slow, '2026-11-21T03:30'), b.runNow(slow, '2026-11-21T03:30')]);
    expect(results.sort()).toEqual([7, null]);
    expect(runs).toBe(1);
    const lease = await t.ctx.db.selectFrom('job_leases').selectAll().where('name', '=', 'test.slow').executeTakeFirstOrThrow();
    expect(lease).toMatchObject({ last_status: 'ok', last_count: 7, owner: null, last_slot: '2026-11-21T03:30' });
    // An instance firing a moment late for the same slot finds it done; the next slot runs.
    expect(await b.runNow(slow, '2026-11-21T03:30')).toBeNull();
    expect(await b.runNow(slow, '2026-11-22T03:30')).toBe(7);
    expect(runs).toBe(2);
  });

  it('records a failing job and releases its lease', async () => {
    const failing: Job = { name: 'test.failing', schedule: '0 0 1 1 *', run: () => Promise.reject(new Error('kaputt')) };
    const s = new Scheduler(t.ctx, [failing]);
    expect(await s.runNow(failing, '2026-11-21T03:30')).toBeNull();
    const lease = await t.ctx.db.selectFrom('job_leases').selectAll().where('name', '=', 'test.failing').executeTakeFirstOrThrow();
    expect(lease).toMatchObject({ last_status: 'failed', last_error: 'kaputt', owner: null });
  });

  it('logs a run with work at info and a run that found nothing at debug', async () => {
    const lines: { level: number; job?: string; count?: number }[] = [];
    const log = createLogger('debug', new Writable({ write: (chunk: Buffer, _e, cb) => (lines.push(JSON.parse(chunk.toString())), cb()) }));
    let count = 3;
    const job: Job = { name: 'test.counting', schedule: '0 0 1 1 *', run: async () => count };
    const s = new Scheduler({ ...t.ctx, log }, [job]);
    await s.runNow(job, '2026-11-21T01:00');
    count = 0;
    await s.runNow(job, '2026-11-22T01:00');
    const finished = lines.filter((l) => l.job === 'test.counting');
    expect(finished.map((l) => [l.count, l.level])).toEqual([
      [3, 30],
      [0, 20],
    ]);
  });

  it('lists the 03:30 blacklist purge in the job table', () => {
    const purge = jobs.find((j) => j.name === 'accounts.purge-blacklist');
    expect(purge?.schedule).toBe('30 3 * * *');
    expect(new Set(jobs.map((j) => j.name)).size).toBe(jobs.length);
  });
});

describe('purge jobs', () => {
  it('removes only expired blacklist entries', async () => {
    const now = t.ctx.clock.now().getTime();
    await t.ctx.db
      .insertInto('revoked_tokens')
      .values([
        { jti: 'expired-1', expires_at: new Date(now - 1000).toISOString() },
        { jti: 'alive-1', expires_at: new Date(now + 86_400_000).toISOString() },
      ])
      .execute();
    expect(await purgeBlacklistJob.run(t.ctx)).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db.selectFrom('revoked_tokens').select('jti').execute();
    expect(left.map((r) => r.jti)).toContain('alive-1');
    expect(left.map((r) => r.jti)).not.toContain('expired-1');
  });

  it('removes login failures older than the lockout window', async () => {
    const now = t.ctx.clock.now().getTime();
    await t.ctx.db
      .insertInto('login_failures')
      .values([
        { email: 'old@example.de', failed_at: new Date(now - 16 * 60_000).toISOString() },
        { email: 'new@example.de', failed_at: new Date(now - 60_000).toISOString() },
      ])
      .execute();
    await purgeLoginFailuresJob.run(t.ctx);
    const left = await t.ctx.db.selectFrom('login_failures').select('email').execute();
    expect(left.map((r) => r.email)).toEqual(['new@example.de']);
  });
});
