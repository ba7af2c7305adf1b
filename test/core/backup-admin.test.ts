import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildUser } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';

/** The admin's view of the backups (GET /api/admin/backups) and "Jetzt sichern" (the job list's start-now). */

const t = useTestApp({ env: { BACKUP_CRON: '30 4 * * 0' } });

describe('GET /api/admin/backups', () => {
  it('is for admins only', async () => {
    expect((await request(t.app).get('/api/admin/backups')).status).toBe(401);
    expect((await agentAs(t, await buildUser(t.ctx)).get('/api/admin/backups')).status).toBe(403);
  });

  it('shows the plan and no snapshot on a new install, then the snapshot "Jetzt sichern" made', async () => {
    const admin = agentAs(t, await buildAdmin(t.ctx));
    const before = await admin.get('/api/admin/backups');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ enabled: true, schedule: '30 4 * * 0', keep: { daily: 7, weekly: 4 }, running: false, snapshots: [], problem: null });
    expect(before.body.last_run).toEqual({ status: null, started_at: null, finished_at: null, error: null });

    expect((await admin.post('/api/admin/jobs/backup.snapshot/run')).status).toBe(202);
    let status = before.body;
    for (let i = 0; i < 200 && status.last_run.finished_at === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25)); // polls the run another request started
      status = (await admin.get('/api/admin/backups')).body;
    }
    expect(status.last_run.status).toBe('ok');
    expect(status.running).toBe(false);
    expect(status.snapshots).toHaveLength(1);
    expect(status.snapshots[0]).toMatchObject({ engine: t.ctx.engine });
    expect(status.snapshots[0].size_bytes).toBeGreaterThan(0);
  });
});
