import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildModerator, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock, MINUTE } from '#core/clock.js';
import { IpBlocklist } from '#core/http/guards/ip-blocklist.js';

const clock = fixedClock('2026-11-21T10:00:00Z');
const t = useTestApp({ clock, env: { TRUST_PROXY: '1', IP_BLOCK_MINUTES: '60', IP_BLOCK_FACTOR: '4', IP_BLOCK_MAX_MINUTES: '1440' } });
const from = (ip: string) => ({ trap: () => request(t.app).get('/api/wiki/trap').set('X-Forwarded-For', ip) });

describe('admin: address blocks', () => {
  it('lists the active blocks with reason, first and last hit and hits; only admins', async () => {
    await from('192.0.2.10').trap().expect(403);
    clock.advance(5 * MINUTE);
    await t.ctx.blocklist.block('192.0.2.10', 'honeypot /api/wiki/trap', t.ctx.config.ipBlock); // a second hit
    await request(t.app).get('/api/admin/ip-blocks').expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .get('/api/admin/ip-blocks')
      .expect(403);
    await agentAs(t, await buildModerator(t.ctx))
      .get('/api/admin/ip-blocks')
      .expect(403);
    const items = (
      await agentAs(t, await buildAdmin(t.ctx))
        .get('/api/admin/ip-blocks')
        .expect(200)
    ).body.items;
    expect(items).toContainEqual({
      ip: '192.0.2.10',
      reason: 'honeypot /api/wiki/trap',
      first_hit_at: '2026-11-21T10:00:00.000Z',
      last_hit_at: '2026-11-21T10:05:00.000Z',
      blocked_until: '2026-11-21T14:05:00.000Z', // the second block: 4 × 1 h
      hits: 2,
    });
  });

  it('lifting ends the block here at once and on another instance within its refresh; 404 without a block; logged', async () => {
    await from('192.0.2.20').trap().expect(403);
    const other = new IpBlocklist(t.ctx.db, clock, t.ctx.log); // a second app instance on the same database
    await other.load();
    expect(other.isBlocked('192.0.2.20')).toBe(true);
    const admin = agentAs(t, await buildAdmin(t.ctx));
    await admin.delete('/api/admin/ip-blocks/192.0.2.20').expect(204);
    await request(t.app).get('/rassen').set('X-Forwarded-For', '192.0.2.20').expect(200);
    clock.advance(31_000);
    other.isBlocked('192.0.2.20'); // starts the refresh
    await other.load();
    expect(other.isBlocked('192.0.2.20')).toBe(false);
    await admin.delete('/api/admin/ip-blocks/192.0.2.20').expect(404);
    await admin.delete('/api/admin/ip-blocks/keine-adresse').expect(400);
    // Lifted, the count starts again: the next hit is a first block of an hour.
    await from('192.0.2.20').trap().expect(403);
    const row = await t.ctx.db.selectFrom('ip_blocks').select(['hits', 'blocked_until']).where('ip', '=', '192.0.2.20').executeTakeFirstOrThrow();
    expect(row.hits).toBe(1);
    expect(Date.parse(row.blocked_until) - clock.now().getTime()).toBe(60 * MINUTE);
  });
});
