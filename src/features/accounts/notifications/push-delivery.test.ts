import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/helpers/factories.js';
import { usePushTestApp } from '../../../../test/helpers/push.js';
import { fixedClock } from '#core/clock.js';
import { ConfigError, loadConfig } from '#core/config.js';
import { MAX_SUBSCRIPTIONS_PER_USER, notify, PushDispatcher } from '#core/push/index.js';

/** The delivery rules beyond the happy path: giving up, refusals, the device cap, and two senders on one queue. */
const clock = fixedClock('2026-11-21T10:00:00Z');
const { t, fake, subscribe, freshQueueEachTest } = usePushTestApp({ clock });
freshQueueEachTest(clock, '2026-11-21T10:00:00Z');

const message = { title: 'Neue Nachricht', body: 'Hallo!', url: '/app/chat/1' };
const queued = () => t.ctx.db.selectFrom('push_deliveries').select(['id', 'attempts', 'expires_at']).execute();
const subscriptionsOf = (userId: number) => t.ctx.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).orderBy('id').execute();

describe('push delivery rules', () => {
  it('drops a push its service refuses with 400/403/413 without retrying, and keeps the subscription', async () => {
    const user = await buildUser(t.ctx);
    const device = await subscribe(user);
    fake.modes.set(device.id, '403');
    await notify(t.ctx, user.id, 'message', message);
    await t.ctx.push.settled();
    expect(fake.hits).toBe(1);
    expect(await queued()).toEqual([]);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  });

  it('gives up after the last attempt, and never retries past the message’s TTL', async () => {
    const user = await buildUser(t.ctx);
    await subscribe(user);
    fake.mode = '503';
    await notify(t.ctx, user.id, 'message', message);
    await t.ctx.push.settled();
    const [row] = await queued();
    // The 8th attempt fails: the row goes.
    await t.ctx.db
      .updateTable('push_deliveries')
      .set({ attempts: 7 })
      .where('id', '=', row?.id ?? 0)
      .execute();
    clock.advance(60 * 60_000);
    await t.ctx.push.drain();
    expect(await queued()).toEqual([]);

    // A retry that would fall after the expiry is not made.
    await notify(t.ctx, user.id, 'poison_nearby', message);
    await t.ctx.push.settled();
    const [fresh] = await queued();
    expect(fresh?.attempts).toBe(1);
    await t.ctx.db
      .updateTable('push_deliveries')
      .set({ expires_at: new Date(clock.now().getTime() + 60_000).toISOString(), attempts: 3 })
      .execute();
    clock.advance(10 * 60_000);
    await t.ctx.db
      .updateTable('push_deliveries')
      .set({ expires_at: new Date(clock.now().getTime() + 60_000).toISOString() })
      .execute();
    await t.ctx.push.drain(); // the next wait (32 min) lies beyond the expiry
    expect(await queued()).toEqual([]);
  });

  it('keeps at most 20 devices per user: the oldest goes', async () => {
    const user = await buildUser(t.ctx);
    const first = await subscribe(user);
    for (let i = 1; i < MAX_SUBSCRIPTIONS_PER_USER; i++) await subscribe(user);
    expect(await subscriptionsOf(user.id)).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    const newest = await subscribe(user);
    const left = (await subscriptionsOf(user.id)).map((s) => s.endpoint);
    expect(left).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(left).not.toContain(first.subscription.endpoint);
    expect(left).toContain(newest.subscription.endpoint);
  });

  it('sends each push once when two instances drain the same queue at the same moment', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => buildUser(t.ctx)));
    const devices = [];
    for (const user of users) devices.push(await subscribe(user), await subscribe(user));
    // Held through quiet hours, so nothing goes out until both instances drain.
    clock.set('2026-11-21T22:00:00Z');
    for (const user of users) await notify(t.ctx, user.id, 'message', message);
    clock.set('2026-11-22T06:00:00Z');
    const other = new PushDispatcher({ db: t.ctx.db, clock: t.ctx.clock, log: t.ctx.log, config: t.ctx.config });
    const [a, b] = await Promise.all([t.ctx.push.drain(), other.drain()]);
    expect(a + b).toBe(devices.length);
    for (const device of devices) expect(fake.receivedBy(device)).toHaveLength(1);
    expect(await queued()).toEqual([]);
  });

  it('refuses PUSH_ALLOW_HTTP in production', () => {
    const env = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      VAPID_PUBLIC_KEY: t.ctx.config.push.publicKey,
      VAPID_PRIVATE_KEY: t.ctx.config.push.privateKey,
      PUBLIC_URL: 'https://pfotenbuch.example',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: t.dataDir,
    };
    expect(() => loadConfig(env)).not.toThrow();
    expect(() => loadConfig({ ...env, PUSH_ALLOW_HTTP: '1' })).toThrow(ConfigError);
  });
});
