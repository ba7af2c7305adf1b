import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Clock, fixedClock } from '#core/clock.js';
import { FakePushServer, type FakeDevice } from '../fakes/push-server.js';
import { agentAs, type BuiltUser } from './factories.js';
import { useTestApp } from './test-app.js';

/**
 * A test app whose pushes go out for real, to a fake push service on 127.0.0.1 (test/fakes/push-server.ts) that runs
 * for the whole file: the app accepts the fake's http:// endpoints and gives up on a push after `timeoutMs`.
 */
export function usePushTestApp(options: { clock?: Clock; timeoutMs?: number } = {}) {
  const t = useTestApp({
    ...(options.clock ? { clock: options.clock } : {}),
    env: { PUSH_ALLOW_HTTP: '1', PUSH_TIMEOUT_MS: String(options.timeoutMs ?? 1000) },
  });
  const fake = new FakePushServer();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());

  /** Subscribes a fake device (a new one unless given) for the user through the API, as the app does. */
  async function subscribe(user: BuiltUser, device: FakeDevice = fake.device()): Promise<FakeDevice> {
    await agentAs(t, user).post('/api/push/subscriptions').send(device.subscription).expect(201);
    return device;
  }

  /**
   * For files about delivery itself: each test starts with the last one's pushes settled and forgotten by the fake,
   * an empty queue (held and retried pushes of earlier tests would go out in it) and the clock at `at`.
   */
  function freshQueueEachTest(clock: ReturnType<typeof fixedClock>, at: string): void {
    beforeEach(async () => {
      await t.ctx.push.settled();
      fake.reset();
      await t.ctx.db.deleteFrom('push_deliveries').execute();
      clock.set(at);
    });
  }

  return { t, fake, subscribe, freshQueueEachTest };
}
