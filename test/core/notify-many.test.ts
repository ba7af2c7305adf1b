import { describe, expect, it } from 'vitest';
import { fixedClock } from '#core/clock.js';
import { DEFAULT_QUIET, notify, notifyMany, savePreferences, type NotificationKind } from '#core/push/index.js';
import { buildUser, type BuiltUser } from '../helpers/factories.js';
import { queryCounter } from '../helpers/query-count.js';
import { useTestApp } from '../helpers/test-app.js';

// 23:30 in Berlin: inside the default quiet hours (22:00–07:00).
const clock = fixedClock('2026-11-21T22:30:00Z');
const queries = queryCounter();
const t = useTestApp({ clock, onQuery: queries.onQuery });
const message = { title: 'Neue Meldung', body: 'Bitte prüfen', url: '/app/admin/moderation' };

async function withDevices(count: number) {
  const user = await buildUser(t.ctx);
  for (let i = 0; i < count; i++)
    await t.ctx.db
      .insertInto('push_subscriptions')
      .values({
        user_id: user.id,
        endpoint: `https://push.example/${user.id}-${i}`,
        p256dh: 'k',
        auth: 'a',
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      })
      .execute();
  return user;
}
const deliveriesOf = (notificationId: number) =>
  t.ctx.db.selectFrom('push_deliveries').select(['next_attempt_at', 'topic']).where('notification_id', '=', notificationId).execute();

describe('notifyMany (issue 29: everybody near a warning in a few statements)', () => {
  it('follows each person’s settings as notify does: muted kinds get the row only, quiet hours hold all but safety alerts, dedupe keys count once', async () => {
    const twoDevices = await withDevices(2);
    const muted = await withDevices(1);
    const noQuiet = await withDevices(1);
    const noDevice = await buildUser(t.ctx);
    const now = clock.now().toISOString();
    await savePreferences(t.ctx.db, muted.id, { muted: new Set<NotificationKind>(['moderation']), quiet: DEFAULT_QUIET, safetyMail: 'auto' }, now);
    await savePreferences(t.ctx.db, noQuiet.id, { muted: new Set(), quiet: { ...DEFAULT_QUIET, enabled: false }, safetyMail: 'auto' }, now);
    const people = [twoDevices, muted, noQuiet, noDevice];

    const told = await notifyMany(
      t.ctx,
      [...people, twoDevices].map((u) => ({ userId: u.id, dedupeKey: `test:${u.id}` })),
      'moderation',
      message,
    );
    const morning = '2026-11-22T06:00:00.000Z';
    expect([...told.keys()]).toEqual(people.map((u) => u.id));
    expect(told.get(twoDevices.id)).toMatchObject({ pushes: 2, heldUntil: morning });
    expect(told.get(muted.id)).toMatchObject({ pushes: 0, heldUntil: null });
    expect(told.get(noQuiet.id)).toMatchObject({ pushes: 1, heldUntil: null });
    expect(told.get(noDevice.id)).toMatchObject({ pushes: 0, heldUntil: morning });
    expect(await deliveriesOf(told.get(twoDevices.id)!.notificationId)).toEqual([
      { next_attempt_at: morning, topic: expect.any(String) },
      { next_attempt_at: morning, topic: expect.any(String) },
    ]);
    expect(await deliveriesOf(told.get(noQuiet.id)!.notificationId)).toEqual([{ next_attempt_at: now, topic: expect.any(String) }]);
    const rows = await t.ctx.db
      .selectFrom('notifications')
      .select(['user_id', 'type', 'title', 'body', 'url'])
      .where('dedupe_key', 'like', 'test:%')
      .orderBy('id')
      .execute();
    expect(rows).toEqual(people.map((u) => ({ user_id: u.id, type: 'moderation', ...message })));

    // The same occasion again: nobody is told twice, by either door.
    expect((await notifyMany(t.ctx, [{ userId: twoDevices.id, dedupeKey: `test:${twoDevices.id}` }], 'moderation', message)).size).toBe(0);
    expect(await notify(t.ctx, noQuiet.id, 'moderation', message, { dedupeKey: `test:${noQuiet.id}` })).toBeNull();

    // A safety alert is never held by quiet hours.
    const alert = await notify(t.ctx, twoDevices.id, 'poison_nearby', { ...message, url: '/app/giftkoeder/1' });
    expect(alert).toMatchObject({ pushes: 2, heldUntil: null });
  });

  it('runs a fixed number of statements per 500 people', async () => {
    const people: BuiltUser[] = [];
    for (let i = 0; i < 1_100; i++) people.push(await buildUser(t.ctx));
    const { result, count } = await queries.during(t.ctx, () =>
      notifyMany(
        t.ctx,
        people.map((u) => ({ userId: u.id, dedupeKey: `bulk:${u.id}` })),
        'moderation',
        message,
      ),
    );
    expect(result.size).toBe(1_100);
    // Three batches of: preferences, BEGIN, rows, devices, COMMIT (no devices, so no push rows).
    expect(count).toBe(3 * 5);
  });
});
