import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../test/helpers/factories.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { fixedClock } from '../../core/clock.js';
import { createNotification } from './notifications.repo.js';

const clock = fixedClock('2026-11-21T10:00:00Z');
const t = useTestApp({ clock });
const now = () => clock.now().toISOString();

describe('notifications', () => {
  it('lists the own notifications newest first in pages, with the unread count, and marks one as read', async () => {
    const user = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    for (let i = 1; i <= 3; i++) await createNotification(t.ctx.db, { userId: user.id, type: 'test', title: `N${i}`, body: 'b', url: '/app', now: now() });
    await createNotification(t.ctx.db, { userId: other.id, type: 'test', title: 'fremd', body: 'b', now: now() });
    const agent = agentAs(t, user);
    const page = await agent.get('/api/notifications?limit=2').expect(200);
    expect(page.body).toMatchObject({ unread_count: 3, items: [{ title: 'N3', read: 0, read_at: null }, { title: 'N2' }] });
    const rest = await agent.get(`/api/notifications?limit=2&cursor=${page.body.next_cursor}`).expect(200);
    expect(rest.body).toMatchObject({ items: [{ title: 'N1' }], next_cursor: null });

    const id = page.body.items[0].id as number;
    const read = await agent.post(`/api/notifications/${id}/read`).expect(200);
    expect(read.body).toMatchObject({ id, read: 1, read_at: '2026-11-21T10:00:00.000Z' });
    clock.advance(60_000);
    expect((await agent.post(`/api/notifications/${id}/read`).expect(200)).body.read_at).toBe('2026-11-21T10:00:00.000Z');
    const unread = await agent.get('/api/notifications?unread=1').expect(200);
    expect(unread.body.items.map((n: { title: string }) => n.title)).toEqual(['N2', 'N1']);
    expect(unread.body.unread_count).toBe(2);
  });

  it("is 401 without a session, 403 for another user's notification, 404 for a missing one", async () => {
    const owner = await buildUser(t.ctx);
    await createNotification(t.ctx.db, { userId: owner.id, type: 'test', title: 't', body: 'b', now: now() });
    const row = await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', owner.id).executeTakeFirstOrThrow();
    await request(t.app).get('/api/notifications').expect(401);
    await request(t.app).post(`/api/notifications/${row.id}/read`).expect(401);
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.post(`/api/notifications/${row.id}/read`).expect(403);
    await stranger.post('/api/notifications/999999/read').expect(404);
    expect((await t.ctx.db.selectFrom('notifications').select('read_at').where('id', '=', row.id).executeTakeFirstOrThrow()).read_at).toBeNull();
  });

  it('writes a notification with a dedupe key only once, and goes with its user', async () => {
    const user = await buildUser(t.ctx);
    const n = { userId: user.id, type: 'test', title: 't', body: 'b', dedupeKey: `k:${user.id}`, now: now() };
    expect(await createNotification(t.ctx.db, n)).toBe(true);
    expect(await createNotification(t.ctx.db, n)).toBe(false);
    await t.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
