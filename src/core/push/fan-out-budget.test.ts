import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePushServer } from '../../../test/fakes/push-server.js';
import { buildUser } from '../../../test/helpers/factories.js';
import { usePushTestApp } from '../../../test/helpers/push.js';
import { fixedClock } from '../clock.js';
import { PushDispatcher } from './dispatcher.js';
import { notify } from './notify.js';

/**
 * Hanging push services (issue 31): 50 devices behind a service that accepts and never answers, and one device of
 * another user behind a healthy one. The push timeout is 30 s here, so only the per-host limit and the round's
 * budget can get the healthy push out and the round finished; the budget is a signal the test fires itself, so
 * nothing depends on how fast this machine is.
 */
const clock = fixedClock('2026-11-21T10:00:00Z'); // 11:00 in Berlin: outside the default quiet hours
const { t, fake: hanging, subscribe } = usePushTestApp({ clock, timeoutMs: 30_000 });
const healthy = new FakePushServer();
const PER_HOST = 8;
let budget = new AbortController();
let dispatcher: PushDispatcher;

beforeAll(async () => {
  await healthy.start();
  // Failsafe: without the per-host limit the healthy push never goes out and the test would wait for the 30 s timeout.
  dispatcher = new PushDispatcher(t.ctx, { budget: () => AbortSignal.any([budget.signal, AbortSignal.timeout(5_000)]) });
  dispatcher.guard = t.ctx.push.guard;
  // The test starts the round itself: notify's kick would otherwise start it before every push is queued.
  dispatcher.kick = () => undefined;
  t.ctx.push = dispatcher;
});
afterAll(() => healthy.stop());

const message = { title: 'Neue Nachricht', body: 'Hallo!', url: '/app/chat/1' };
const queued = () => t.ctx.db.selectFrom('push_deliveries').select(['subscription_id', 'attempts', 'last_error']).orderBy('id').execute();

describe('one round of the push fan-out', () => {
  it('gets another user’s push out past 50 hanging ones (at most 8 per service in flight), and ends when its budget is spent', async () => {
    hanging.mode = 'hang';
    // 20 devices per user at most: three users hold the 50 hanging devices.
    for (const count of [20, 20, 10]) {
      const user = await buildUser(t.ctx);
      for (let i = 0; i < count; i++) await subscribe(user);
      await notify(t.ctx, user.id, 'message', message);
    }
    const other = await buildUser(t.ctx);
    const device = await subscribe(other, healthy.device());
    await notify(t.ctx, other.id, 'message', message);
    expect(await queued()).toHaveLength(51);

    const seenWhenHealthyArrived: { open: number; hits: number }[] = [];
    healthy.onReceive = () => seenWhenHealthyArrived.push({ open: hanging.openHanging, hits: hanging.hits });
    // The budget runs out as soon as the healthy push is done (its service answered 201).
    const send = dispatcher.sender.send.bind(dispatcher.sender);
    dispatcher.sender.send = async (...args) => {
      const outcome = await send(...args);
      if (args[0].endpoint === device.subscription.endpoint) budget.abort();
      return outcome;
    };
    const delivered = await dispatcher.drain();

    // The healthy push (queued last) went out while the hanging service held its 8 slots and no more.
    expect(healthy.receivedBy(device)).toHaveLength(1);
    expect(seenWhenHealthyArrived).toEqual([{ open: PER_HOST, hits: PER_HOST }]);
    expect(delivered).toBe(1);
    // The round ended: the 8 in flight were cut off (an attempt counted, retried later), the 42 never started wait
    // without an attempt counted; none of them is lost, and the hanging connections are closed.
    const left = await queued();
    expect(left).toHaveLength(50);
    expect(left.filter((d) => d.attempts === 1)).toHaveLength(PER_HOST);
    expect(left.filter((d) => d.attempts === 0 && d.last_error === 'fan-out budget spent before it was sent')).toHaveLength(50 - PER_HOST);
    expect(hanging.hits).toBe(PER_HOST);
    await expect.poll(() => hanging.openHanging, { timeout: 2_000 }).toBe(0);
    budget = new AbortController();
  });
});
