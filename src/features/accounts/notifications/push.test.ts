import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDiaryEntry, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { usePushTestApp } from '../../../../test/helpers/push.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { anniversariesJob } from '../../dog-records/diary/diary.jobs.js';
import { notify } from './index.js';

const clock = fixedClock('2026-11-21T10:00:00Z'); // 11:00 in Berlin: outside the default quiet hours
const { t, fake, subscribe, freshQueueEachTest } = usePushTestApp({ clock });
const strict = useTestApp(); // production rules for endpoints
freshQueueEachTest(clock, '2026-11-21T10:00:00Z');

const message = { title: 'Neue Freundschaftsanfrage', body: 'Anna möchte mit dir befreundet sein.', url: '/app/freunde' };
const subscriptionsOf = (userId: number) => t.ctx.db.selectFrom('push_subscriptions').select(['endpoint']).where('user_id', '=', userId).execute();
const queued = () => t.ctx.db.selectFrom('push_deliveries').select(['id', 'attempts', 'next_attempt_at', 'last_error']).execute();

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key without a session', async () => {
    const res = await request(t.app).get('/api/push/public-key').expect(200);
    expect(res.body).toEqual({ key: t.ctx.config.push.publicKey });
    expect(Buffer.from(res.body.key as string, 'base64url')).toHaveLength(65);
  });
});

describe('POST /api/push/subscriptions', () => {
  it('is 401 without a session', async () => {
    await request(t.app).post('/api/push/subscriptions').send(fake.device().subscription).expect(401);
  });

  it('is 400 for a malformed subscription or an unknown key', async () => {
    const agent = agentAs(t, await buildUser(t.ctx));
    const good = fake.device().subscription;
    const malformed = [
      { endpoint: good.endpoint },
      { ...good, endpoint: 'keine-url' },
      { ...good, endpoint: 'ftp://push.example/x' },
      { ...good, keys: { ...good.keys, p256dh: 'AAAA' } },
      { ...good, keys: { ...good.keys, auth: 'ä!' } },
      { ...good, keys: { ...good.keys, extra: 'x' } },
      { ...good, device: 'Handy' },
    ];
    for (const body of malformed) await agent.post('/api/push/subscriptions').send(body).expect(400);
    expect(await t.ctx.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', good.endpoint).execute()).toEqual([]);
  });

  // Hosts that are not public, and a public one: push-ssrf.test.ts (names resolve through an injected table there).
  it('is 400 for http: unless PUSH_ALLOW_HTTP is set', async () => {
    const agent = agentAs(strict, await buildUser(strict.ctx));
    const keys = fake.device().subscription.keys;
    const res = await agent.post('/api/push/subscriptions').send({ endpoint: 'http://push.example.com/x', keys }).expect(400);
    expect(res.body.error.fields.endpoint).toMatch(/https/);
  });

  it('is 422 for an endpoint over 500 characters', async () => {
    const d = fake.device().subscription;
    await agentAs(t, await buildUser(t.ctx))
      .post('/api/push/subscriptions')
      .send({ ...d, endpoint: `${d.endpoint}/${'x'.repeat(500)}` })
      .expect(422);
  });

  it('stores several devices per user; the same endpoint twice is one subscription, and moves to who subscribes it', async () => {
    const user = await buildUser(t.ctx);
    const a = fake.device();
    const b = fake.device();
    const first = await agentAs(t, user)
      .post('/api/push/subscriptions')
      .send({ ...a.subscription, expirationTime: null })
      .expect(201);
    expect(first.body).toMatchObject({ id: expect.any(Number), endpoint: a.subscription.endpoint });
    await agentAs(t, user).post('/api/push/subscriptions').send(a.subscription).expect(201);
    await agentAs(t, user).post('/api/push/subscriptions').send(b.subscription).expect(201);
    expect((await subscriptionsOf(user.id)).map((s) => s.endpoint).sort()).toEqual([a.subscription.endpoint, b.subscription.endpoint].sort());
    const other = await buildUser(t.ctx);
    await agentAs(t, other).post('/api/push/subscriptions').send(a.subscription).expect(201);
    expect((await subscriptionsOf(user.id)).map((s) => s.endpoint)).toEqual([b.subscription.endpoint]);
    expect((await subscriptionsOf(other.id)).map((s) => s.endpoint)).toEqual([a.subscription.endpoint]);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it('is 401 without a session, 400 for an unknown key', async () => {
    await request(t.app).delete('/api/push/subscriptions').send({ endpoint: 'x' }).expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .delete('/api/push/subscriptions')
      .send({ endpoint: 'x', all: true })
      .expect(400);
  });

  it("is 403 for another user's device and 404 for an unknown one; 204 removes the own", async () => {
    const owner = await buildUser(t.ctx);
    const device = await subscribe(owner);
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.delete('/api/push/subscriptions').send({ endpoint: device.subscription.endpoint }).expect(403);
    await stranger
      .delete('/api/push/subscriptions')
      .send({ endpoint: `${fake.url}/push/unbekannt` })
      .expect(404);
    expect(await subscriptionsOf(owner.id)).toHaveLength(1);
    await agentAs(t, owner).delete('/api/push/subscriptions').send({ endpoint: device.subscription.endpoint }).expect(204);
    expect(await subscriptionsOf(owner.id)).toEqual([]);
  });
});

describe('notify', () => {
  it('writes the in-app row and pushes { title, body, url, tag } to every device, encrypted and VAPID-signed', async () => {
    const user = await buildUser(t.ctx);
    const phone = await subscribe(user);
    const laptop = await subscribe(user);
    const result = await notify(t.ctx, user.id, 'friend_request', { ...message, tag: 'friend-7' });
    expect(result).toMatchObject({ pushes: 2, heldUntil: null });
    await t.ctx.push.settled();
    for (const device of [phone, laptop]) {
      const [push] = fake.receivedBy(device);
      expect(push?.payload).toEqual({ ...message, tag: 'friend-7' });
      expect(push?.headers).toMatchObject({ ttl: String(7 * 24 * 3600), urgency: 'normal', 'content-encoding': 'aes128gcm' });
      expect(push?.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(push?.vapidKey).toBe(t.ctx.config.push.publicKey);
      expect(push?.vapid).toMatchObject({ aud: new URL(fake.url).origin, sub: t.ctx.config.push.contact });
    }
    expect(fake.rejected).toEqual([]);
    expect(await queued()).toEqual([]);
    const list = await agentAs(t, user).get('/api/notifications').expect(200);
    expect(list.body.items[0]).toMatchObject({ type: 'friend_request', title: message.title, url: '/app/freunde', read: 0 });
  });

  it('sets TTL and urgency per kind', async () => {
    const user = await buildUser(t.ctx);
    const device = await subscribe(user);
    await notify(t.ctx, user.id, 'message', { ...message, url: '/app/chat/3' });
    await notify(t.ctx, user.id, 'anniversary', { ...message, url: '/app/tagebuch' });
    await t.ctx.push.settled();
    const headers = fake.receivedBy(device).map((p) => [p.headers.ttl, p.headers.urgency]);
    expect(headers).toEqual(
      expect.arrayContaining([
        [String(24 * 3600), 'high'],
        [String(24 * 3600), 'low'],
      ]),
    );
  });

  it('deletes a subscription its push service answers 410 or 404, and still reaches the other devices', async () => {
    const user = await buildUser(t.ctx);
    const gone = await subscribe(user);
    const unknown = await subscribe(user);
    const alive = await subscribe(user);
    fake.modes.set(gone.id, '410');
    fake.modes.set(unknown.id, '404');
    await notify(t.ctx, user.id, 'friend_request', message);
    await t.ctx.push.settled();
    expect((await subscriptionsOf(user.id)).map((s) => s.endpoint)).toEqual([alive.subscription.endpoint]);
    expect(fake.receivedBy(alive)).toHaveLength(1);
    expect(await queued()).toEqual([]);
  });

  it('keeps a subscription answered 429 or 500 and retries it from the job with backoff (Retry-After honoured)', async () => {
    const user = await buildUser(t.ctx);
    const limited = await subscribe(user);
    const broken = await subscribe(user);
    fake.modes.set(limited.id, '429');
    fake.modes.set(broken.id, '500');
    fake.retryAfterSeconds = 120;
    await notify(t.ctx, user.id, 'friend_request', message);
    await t.ctx.push.settled();
    const waiting = await queued();
    expect(waiting).toHaveLength(2);
    expect(waiting.map((d) => d.attempts)).toEqual([1, 1]);
    expect(waiting.map((d) => d.last_error).sort()).toEqual(['HTTP 429', 'HTTP 500']);
    const times = waiting.map((d) => Date.parse(d.next_attempt_at) - clock.now().getTime()).sort((a, b) => a - b);
    expect(times[0]).toBeGreaterThanOrEqual(27_000); // 30 s backoff ±10 %
    expect(times[0]).toBeLessThanOrEqual(33_000);
    expect(times[1]).toBe(120_000); // Retry-After
    expect(await subscriptionsOf(user.id)).toHaveLength(2);

    // Not due yet: the job sends nothing.
    expect(await t.ctx.push.drain()).toBe(0);
    fake.modes.clear();
    clock.advance(121_000);
    expect(await t.ctx.push.drain()).toBe(2);
    expect(fake.receivedBy(limited)).toHaveLength(1);
    expect(fake.receivedBy(broken)).toHaveLength(1);
    expect(await queued()).toEqual([]);
  });

  it('gives up on a push service that hangs after the short timeout, without holding up the caller', async () => {
    const user = await buildUser(t.ctx);
    await subscribe(user);
    fake.mode = 'hang';
    const started = performance.now();
    await notify(t.ctx, user.id, 'friend_request', message);
    const notifyMs = performance.now() - started;
    // A request beside the hanging push is answered at once.
    await agentAs(t, user).get('/api/notifications/unread-count').expect(200);
    // notify returned long before the push service would have answered (it never does; the timeout is 1 s here).
    expect(notifyMs).toBeLessThan(500);
    await t.ctx.push.settled();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(3_000);
    expect(fake.hits).toBe(1);
    const [row] = await queued();
    expect(row).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/timeout/) });
    fake.releaseHanging();
  });

  it('holds pushes through the quiet hours (22:00–07:00 Berlin) and sends them at their end; the in-app row is written at once', async () => {
    const user = await buildUser(t.ctx);
    const device = await subscribe(user);
    clock.set('2026-11-21T22:30:00Z'); // 23:30 in Berlin
    const result = await notify(t.ctx, user.id, 'message', { ...message, url: '/app/chat/1' });
    expect(result?.heldUntil).toBe('2026-11-22T06:00:00.000Z'); // 07:00 in Berlin (CET)
    expect((await agentAs(t, user).get('/api/notifications/unread-count').expect(200)).body).toEqual({ unread: 1 });
    await t.ctx.push.settled();
    clock.set('2026-11-22T05:59:00Z');
    expect(await t.ctx.push.drain()).toBe(0);
    expect(fake.receivedBy(device)).toEqual([]);
    clock.set('2026-11-22T06:00:00Z');
    expect(await t.ctx.push.drain()).toBe(1);
    expect(fake.receivedBy(device)).toHaveLength(1);
  });

  it('never holds a safety alert: a poison warning at 22:05 goes out at once, with high urgency and a short TTL', async () => {
    const user = await buildUser(t.ctx);
    const device = await subscribe(user);
    clock.set('2026-11-21T21:05:00Z'); // 22:05 in Berlin: inside the default quiet hours
    for (const kind of ['poison_nearby', 'lost_dog_nearby'] as const) {
      const result = await notify(t.ctx, user.id, kind, { ...message, url: '/app/in-der-naehe', tag: kind });
      expect(result).toMatchObject({ pushes: 1, heldUntil: null });
    }
    expect((await notify(t.ctx, user.id, 'message', message))?.heldUntil).toBe('2026-11-22T06:00:00.000Z');
    await t.ctx.push.settled();
    const received = fake.receivedBy(device);
    expect(received).toHaveLength(2);
    for (const push of received) expect(push.headers).toMatchObject({ urgency: 'high', ttl: String(3 * 3600) });
  });

  it('follows the user’s own quiet hours, and none when they are off', async () => {
    const user = await buildUser(t.ctx);
    await subscribe(user);
    const agent = agentAs(t, user);
    await agent.patch('/api/me/notification-settings').send({ quiet_hours_start: '12:00', quiet_hours_end: '13:30' }).expect(200);
    clock.set('2026-11-21T11:15:00Z'); // 12:15 in Berlin
    expect((await notify(t.ctx, user.id, 'message', message))?.heldUntil).toBe('2026-11-21T12:30:00.000Z');
    await agent.patch('/api/me/notification-settings').send({ quiet_hours: false }).expect(200);
    expect((await notify(t.ctx, user.id, 'message', message))?.heldUntil).toBeNull();
    await t.ctx.push.settled();
  });

  it('writes only the in-app row for a kind the user switched off', async () => {
    const user = await buildUser(t.ctx);
    const device = await subscribe(user);
    await agentAs(t, user).patch('/api/me/notification-settings').send({ friend_request: false }).expect(200);
    expect(await notify(t.ctx, user.id, 'friend_request', message)).toMatchObject({ pushes: 0 });
    await t.ctx.push.settled();
    expect(fake.receivedBy(device)).toEqual([]);
    expect((await agentAs(t, user).get('/api/notifications/unread-count').expect(200)).body).toEqual({ unread: 1 });
  });

  it('keeps the encrypted message within 4 KB by shortening a long body', async () => {
    const user = await buildUser(t.ctx);
    const device = await subscribe(user);
    await notify(t.ctx, user.id, 'message', { ...message, body: 'Wuff! '.repeat(1500) });
    await t.ctx.push.settled();
    const [push] = fake.receivedBy(device);
    expect(push?.bodyBytes).toBeLessThanOrEqual(4096);
    expect(String(push?.payload.body)).toMatch(/…$/);
  });

  it('sends an occasion with a dedupe key once, and refuses a link outside the app', async () => {
    const user = await buildUser(t.ctx);
    const device = await subscribe(user);
    expect(await notify(t.ctx, user.id, 'care_due', message, { dedupeKey: `care:${user.id}:1` })).not.toBeNull();
    expect(await notify(t.ctx, user.id, 'care_due', message, { dedupeKey: `care:${user.id}:1` })).toBeNull();
    await t.ctx.push.settled();
    expect(fake.receivedBy(device)).toHaveLength(1);
    await expect(notify(t.ctx, user.id, 'care_due', { ...message, url: 'https://evil.example/' })).rejects.toThrow(/inside the app/);
    await expect(notify(t.ctx, user.id, 'care_due', { ...message, url: '//evil.example/' })).rejects.toThrow(/inside the app/);
  });

  it('removes subscriptions, queued pushes and settings with the account', async () => {
    const user = await buildUser(t.ctx);
    await subscribe(user);
    fake.mode = '500';
    await notify(t.ctx, user.id, 'message', message);
    await t.ctx.push.settled();
    await agentAs(t, user).patch('/api/me/notification-settings').send({ message: false }).expect(200);
    await t.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await subscriptionsOf(user.id)).toEqual([]);
    expect(await queued()).toEqual([]);
    expect(await t.ctx.db.selectFrom('notification_settings').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('carries the diary anniversaries (09:00 job) to the owner’s devices, once per dog and day', async () => {
    const owner = await buildUser(t.ctx);
    const device = await subscribe(owner);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Bello' });
    const entry = await buildDiaryEntry(t.ctx, { dog, date: '2024-11-21', title: 'Erster Schnee', text: 'Schnee!' });
    expect(await anniversariesJob.run(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await anniversariesJob.run(t.ctx)).toBe(0);
    await t.ctx.push.settled();
    const pushes = fake.receivedBy(device);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.payload).toEqual({
      title: 'Heute vor 2 Jahren 🐾',
      body: 'Bello: „Erster Schnee“',
      url: `/app/tagebuch/eintrag/${entry.id}`,
      tag: `diary_anniversary:${dog.id}:2026-11-21`,
    });
    expect(pushes[0]?.headers.urgency).toBe('low');
  });
});
