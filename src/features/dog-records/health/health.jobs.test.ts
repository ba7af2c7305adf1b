import request from 'supertest';
import { describe, expect, it, onTestFinished } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { usePushTestApp } from '../../../../test/helpers/push.js';
import { fixedClock } from '#core/clock.js';
import { healthRemindersJob } from './health.jobs.js';

const clock = fixedClock('2026-05-01T06:00:00Z'); // 08:00 in Berlin
const { t, fake, subscribe } = usePushTestApp({ clock, timeoutMs: 300 });

/** The user's health reminders (the caregiver's inbox also holds the invitation). */
const inbox = (userId: number) =>
  t.ctx.db
    .selectFrom('notifications')
    .select(['type', 'title', 'body', 'url'])
    .where('user_id', '=', userId)
    .where('type', 'in', ['vaccination_due', 'medication_end'])
    .orderBy('id')
    .execute();

describe('health.reminders (08:00)', () => {
  it('reminds owner and caregivers 14 days before and on the day, and on a medication’s last day, once each', async () => {
    const owner = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Luna' });
    const a = agentAs(t, owner);
    await shareDog(t, a, dog.id, friend);
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2025-05-15', next_due: '2026-05-15' }).expect(201);
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Staupe', date: '2025-05-01', next_due: '2026-05-01' }).expect(201);
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Lepto', date: '2025-05-02', next_due: '2026-05-10' }).expect(201); // neither day
    await a.post(`/api/dogs/${dog.id}/medications`).send({ name: 'Apoquel', start_date: '2026-04-20', end_date: '2026-05-01' }).expect(201);
    await a.post(`/api/dogs/${dog.id}/medications`).send({ name: 'Wurmkur', start_date: '2026-04-20', end_date: '2026-05-02' }).expect(201);

    expect(await healthRemindersJob.run(t.ctx)).toBe(6); // 3 reminders × 2 people
    const mine = await inbox(owner.id);
    expect(mine).toEqual([
      { type: 'vaccination_due', title: 'Luna: Tollwut in 14 Tagen', body: expect.stringContaining('15.05.2026'), url: `/app/hunde/${dog.id}/gesundheit` },
      { type: 'vaccination_due', title: 'Luna: Staupe ist heute fällig 💉', body: expect.any(String), url: `/app/hunde/${dog.id}/gesundheit` },
      { type: 'medication_end', title: 'Luna: letzter Tag Apoquel', body: expect.any(String), url: `/app/hunde/${dog.id}/gesundheit` },
    ]);
    expect(await inbox(friend.id)).toHaveLength(3);

    expect(await healthRemindersJob.run(t.ctx)).toBe(0); // rerun: nothing twice
    expect(await inbox(owner.id)).toHaveLength(3);

    // 14 days later Tollwut is due on the day, and Staupe, never recorded since, is two weeks overdue.
    clock.set('2026-05-15T06:00:00Z');
    // Lepto, due on 10 May and never reminded since (no run on that day), is reminded at this first run after it.
    expect(await healthRemindersJob.run(t.ctx)).toBe(6);
    expect((await inbox(owner.id)).slice(-3).map((n) => n.title)).toEqual([
      'Luna: Tollwut ist heute fällig 💉',
      'Luna: Staupe ist überfällig',
      'Luna: Lepto ist überfällig',
    ]);
    clock.set('2026-05-01T06:00:00Z');
  });

  it('overdue: the due day, 7 days later, then every 30 days (day 0, 7, 37, 67), each once; done or dismissed stops it; entered late is reminded at the next run', async () => {
    const owner = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Kira' });
    const a = agentAs(t, owner);
    await shareDog(t, a, dog.id, friend);
    const staupe = (await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Staupe', date: '2025-04-01', next_due: '2026-04-01' }).expect(201))
      .body as { id: number };
    onTestFinished(() => clock.set('2026-05-01T06:00:00Z'));
    const titles = async (userId = owner.id) => (await inbox(userId)).map((n) => n.title);
    const runOn = async (day: string) => {
      clock.set(`${day}T06:00:00Z`);
      await healthRemindersJob.run(t.ctx);
      await healthRemindersJob.run(t.ctx); // a rerun on the same day sends nothing twice
    };
    const days: string[] = [];
    for (let d = new Date('2026-03-31T12:00:00Z'); d <= new Date('2026-06-10T12:00:00Z'); d = new Date(d.getTime() + 86_400_000))
      days.push(d.toISOString().slice(0, 10));
    const reminded: string[] = [];
    for (const day of days) {
      const before = (await titles()).length;
      await runOn(day);
      if ((await titles()).length > before) reminded.push(day);
    }
    expect(reminded).toEqual(['2026-04-01', '2026-04-08', '2026-05-08', '2026-06-07']); // day 0, 7, 37, 67
    expect(await titles()).toEqual([
      'Kira: Staupe ist heute fällig 💉',
      'Kira: Staupe ist überfällig',
      'Kira: Staupe ist überfällig',
      'Kira: Staupe ist überfällig',
    ]);
    expect(await titles(friend.id)).toHaveLength(4); // caregivers too
    // Dismissed by the owner (a caregiver may not): no more reminders for this due date.
    // Sessions follow the clock: fresh ones for the moved day.
    await agentAs(t, friend).post(`/api/dogs/${dog.id}/vaccinations/${staupe.id}/dismiss-reminder`).expect(403);
    const dismissed = await agentAs(t, owner).post(`/api/dogs/${dog.id}/vaccinations/${staupe.id}/dismiss-reminder`).expect(200);
    expect(dismissed.body.reminder_dismissed_due).toBe('2026-04-01');
    await runOn('2026-07-07');
    await runOn('2026-08-06');
    expect(await titles()).toHaveLength(4);

    // Entered late, already overdue: reminded at the next run; a booster (done) stops it.
    const tollwut = (
      await agentAs(t, owner).post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2025-05-01', next_due: '2026-07-20' }).expect(201)
    ).body as { id: number };
    await runOn('2026-08-07');
    expect((await titles()).slice(4)).toEqual(['Kira: Tollwut ist überfällig']);
    await agentAs(t, owner).post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2026-08-07', next_due: '2029-08-07' }).expect(201);
    await runOn('2026-08-14');
    expect(await titles()).toHaveLength(5);
    await request(t.app).post(`/api/dogs/${dog.id}/vaccinations/${tollwut.id}/dismiss-reminder`).expect(401);
    await agentAs(t, owner).post(`/api/dogs/999999/vaccinations/${tollwut.id}/dismiss-reminder`).expect(404);
    clock.set('2026-05-01T06:00:00Z');
  });

  it('leaves strangers and other days alone', async () => {
    const owner = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    await agentAs(t, owner).post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2025-05-15', next_due: '2026-05-14' }).expect(201);
    await healthRemindersJob.run(t.ctx);
    expect(await inbox(owner.id)).toEqual([]);
    expect(await inbox(stranger.id)).toEqual([]);
  });

  it('reaches the owner’s and the caregiver’s devices as pushes (kinds vaccination_due, medication_end), once', async () => {
    const owner = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Pia' });
    const a = agentAs(t, owner);
    await shareDog(t, a, dog.id, friend);
    const ownerDevice = await subscribe(owner);
    const friendDevice = await subscribe(friend);
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2025-05-01', next_due: '2026-05-01' }).expect(201);
    await a.post(`/api/dogs/${dog.id}/medications`).send({ name: 'Apoquel', start_date: '2026-04-01', end_date: '2026-05-01' }).expect(201);

    expect(await healthRemindersJob.run(t.ctx)).toBe(4);
    expect(await healthRemindersJob.run(t.ctx)).toBe(0);
    await t.ctx.push.settled();
    for (const device of [ownerDevice, friendDevice]) {
      const titles = fake.receivedBy(device).map((p) => p.payload.title);
      expect(titles.sort()).toEqual(['Pia: Tollwut ist heute fällig 💉', 'Pia: letzter Tag Apoquel']);
    }
    const types = await t.ctx.db.selectFrom('notifications').select('type').where('user_id', '=', owner.id).orderBy('id').execute();
    // First the news that the friend accepted the invitation, then the two reminders.
    expect(types.map((r) => r.type)).toEqual(['family_invite', 'vaccination_due', 'medication_end']);
  });
});
