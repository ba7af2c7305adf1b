import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { createNotification } from './index.js';

const clock = fixedClock('2026-11-21T10:00:00Z');
const t = useTestApp({ clock });
const now = () => clock.now().toISOString();
const add = (userId: number, title: string, extra: { dedupeKey?: string } = {}) =>
  createNotification(t.ctx.db, { userId, type: 'anniversary', title, body: 'b', url: '/app', now: now(), ...extra });

describe('GET /api/notifications', () => {
  it('is 401 without a session', async () => {
    await request(t.app).get('/api/notifications').expect(401);
    await request(t.app).get('/api/notifications/unread-count').expect(401);
  });

  it('is 400 for a bad limit or cursor', async () => {
    const agent = agentAs(t, await buildUser(t.ctx));
    await agent.get('/api/notifications?limit=0').expect(400);
    await agent.get('/api/notifications?cursor=kaputt').expect(400);
    await agent.get('/api/notifications?unread=2').expect(400);
  });

  it('lists unread first, then read, each newest first, in pages, with the unread count; only the own', async () => {
    const user = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    for (let i = 1; i <= 4; i++) await add(user.id, `N${i}`);
    await add(other.id, 'fremd');
    const agent = agentAs(t, user);
    const first = (await agent.get('/api/notifications').expect(200)).body as { items: { id: number; title: string }[] };
    const n2 = first.items.find((n) => n.title === 'N2')?.id;
    await agent.post(`/api/notifications/${n2}/read`).expect(200);
    await agent.post(`/api/notifications/${first.items.find((n) => n.title === 'N4')?.id}/read`).expect(200);

    const page = await agent.get('/api/notifications?limit=1').expect(200);
    expect(page.body).toMatchObject({ unread_count: 2, items: [{ title: 'N3', read: 0 }] });
    const titles: string[] = [page.body.items[0].title];
    let cursor = page.body.next_cursor as string | null;
    while (cursor) {
      const next = await agent.get(`/api/notifications?limit=1&cursor=${cursor}`).expect(200);
      titles.push(...next.body.items.map((n: { title: string }) => n.title));
      cursor = next.body.next_cursor;
    }
    expect(titles).toEqual(['N3', 'N1', 'N4', 'N2']);
    const unread = await agent.get('/api/notifications?unread=1').expect(200);
    expect(unread.body.items.map((n: { title: string }) => n.title)).toEqual(['N3', 'N1']);
    expect((await agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ unread: 2 });
  });
});

describe('POST /api/notifications/:id/read', () => {
  it('is 401 without a session, 400 for a bad id', async () => {
    await request(t.app).post('/api/notifications/1/read').expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .post('/api/notifications/abc/read')
      .expect(400);
  });

  it("is 403 for another user's notification and 404 for a missing one, and changes nothing", async () => {
    const owner = await buildUser(t.ctx);
    await add(owner.id, 't');
    const row = await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', owner.id).executeTakeFirstOrThrow();
    const stranger = agentAs(t, await buildUser(t.ctx));
    const foreign = await stranger.post(`/api/notifications/${row.id}/read`).expect(403);
    expect(foreign.body.error.message).toBe('Das ist nicht deine Benachrichtigung.');
    await stranger.post('/api/notifications/999999/read').expect(404);
    expect((await t.ctx.db.selectFrom('notifications').select('read_at').where('id', '=', row.id).executeTakeFirstOrThrow()).read_at).toBeNull();
  });

  it('marks once: a second call keeps the first time', async () => {
    const user = await buildUser(t.ctx);
    await add(user.id, 'x');
    const agent = agentAs(t, user);
    const id = (await agent.get('/api/notifications').expect(200)).body.items[0].id as number;
    expect((await agent.post(`/api/notifications/${id}/read`).expect(200)).body).toMatchObject({ id, read: 1, read_at: '2026-11-21T10:00:00.000Z' });
    clock.advance(60_000);
    expect((await agent.post(`/api/notifications/${id}/read`).expect(200)).body.read_at).toBe('2026-11-21T10:00:00.000Z');
  });
});

describe('POST /api/notifications/read-all', () => {
  it('is 401 without a session and marks only the own unread ones', async () => {
    await request(t.app).post('/api/notifications/read-all').expect(401);
    const user = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    await add(user.id, 'a');
    await add(user.id, 'b');
    await add(other.id, 'c');
    expect((await agentAs(t, user).post('/api/notifications/read-all').expect(200)).body).toEqual({ updated: 2 });
    expect((await agentAs(t, user).get('/api/notifications/unread-count').expect(200)).body).toEqual({ unread: 0 });
    expect((await agentAs(t, other).get('/api/notifications/unread-count').expect(200)).body).toEqual({ unread: 1 });
  });
});

describe('/api/me/notification-settings', () => {
  it('is 401 without a session', async () => {
    await request(t.app).get('/api/me/notification-settings').expect(401);
    await request(t.app).patch('/api/me/notification-settings').send({ message: false }).expect(401);
  });

  it('is 400 for an unknown kind, a wrong type or a bad time, and stores nothing', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    const unknown = await agent.patch('/api/me/notification-settings').send({ newsletter: false }).expect(400);
    expect(unknown.body.error.fields).toHaveProperty('newsletter');
    await agent.patch('/api/me/notification-settings').send({ message: 'nein' }).expect(400);
    await agent.patch('/api/me/notification-settings').send({ quiet_hours_start: '25:00' }).expect(400);
    expect(await t.ctx.db.selectFrom('notification_settings').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('answers every kind on and quiet hours 22:00–07:00 by default, and changes only what is sent', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    const defaults = (await agent.get('/api/me/notification-settings').expect(200)).body;
    expect(defaults).toMatchObject({
      friend_request: true,
      message: true,
      anniversary: true,
      poison_nearby: true,
      playdate: true,
      quiet_hours: true,
      quiet_hours_start: '22:00',
      quiet_hours_end: '07:00',
    });
    const changed = await agent.patch('/api/me/notification-settings').send({ message: false, quiet_hours_start: '23:30' }).expect(200);
    expect(changed.body).toMatchObject({ message: false, friend_request: true, quiet_hours: true, quiet_hours_start: '23:30', quiet_hours_end: '07:00' });
    await agent.patch('/api/me/notification-settings').send({ anniversary: false, quiet_hours: false }).expect(200);
    const again = (await agent.get('/api/me/notification-settings').expect(200)).body;
    expect(again).toMatchObject({ message: false, anniversary: false, quiet_hours: false, quiet_hours_start: '23:30' });
    // Another user is untouched.
    expect(
      (
        await agentAs(t, await buildUser(t.ctx))
          .get('/api/me/notification-settings')
          .expect(200)
      ).body.message,
    ).toBe(true);
  });
});

describe('the in-app rows', () => {
  it('are written once per dedupe key and go with their user', async () => {
    const user = await buildUser(t.ctx);
    expect(await add(user.id, 't', { dedupeKey: `k:${user.id}` })).toBe(true);
    expect(await add(user.id, 't', { dedupeKey: `k:${user.id}` })).toBe(false);
    await t.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
