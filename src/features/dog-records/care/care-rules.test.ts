import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { careRemindersJob } from './care.jobs.js';

const clock = fixedClock('2026-06-10T06:00:00Z'); // 08:00 in Berlin
const t = useTestApp({ clock });

const careNotes = (userId: number) =>
  t.ctx.db.selectFrom('notifications').select(['title']).where('user_id', '=', userId).where('type', '=', 'care_due').orderBy('id').execute();

async function family() {
  const owner = await buildUser(t.ctx);
  const friend = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user: owner, name: 'Balu' });
  await shareDog(t, agentAs(t, owner), dog.id, friend);
  return { owner, friend, dog };
}

describe('care routines', () => {
  it('intervall_tage 1–365 (0 and 366 → 400), a known kind, next_due computed on create and change', async () => {
    const { owner, dog } = await family();
    const a = agentAs(t, owner);
    await request(t.app).post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'claws', intervall_tage: 14 }).expect(401);
    for (const bad of [{ intervall_tage: 0 }, { intervall_tage: 366 }, { intervall_tage: 1.5 }, { kind: 'bath' }, { extra: 1 }, { last_done: '2026-06-11' }])
      await a
        .post(`/api/dogs/${dog.id}/care-routines`)
        .send({ kind: 'claws', intervall_tage: 14, ...bad })
        .expect(400);
    await a
      .post(`/api/dogs/${dog.id}/care-routines`)
      .send({ kind: 'claws', intervall_tage: 14, notes: 'x'.repeat(5001) })
      .expect(422);
    await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'claws', intervall_tage: 1 }).expect(201);
    const r = await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'tick_flea', intervall_tage: 365, last_done: '2026-01-31' }).expect(201);
    expect(r.body).toMatchObject({ next_due: '2027-01-31', intervall_tage: 365 });
    const changed = await a.patch(`/api/care-routines/${r.body.id}`).send({ intervall_tage: 30 }).expect(200);
    expect(changed.body.next_due).toBe('2026-03-02');
    await agentAs(t, await buildUser(t.ctx))
      .get(`/api/care-routines/${r.body.id}`)
      .expect(403);
    await a.get('/api/care-routines/99999999').expect(404);
  });

  it('deworming, teeth and ears are kinds; a routine of one’s own needs a name, which its reminder and the dashboard use', async () => {
    const { owner, friend, dog } = await family();
    const a = agentAs(t, owner);
    for (const kind of ['deworming', 'teeth', 'ears'])
      expect((await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind, intervall_tage: 90 }).expect(201)).body).toMatchObject({ kind, label: null });
    const nameless = await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'custom', intervall_tage: 7 }).expect(400);
    expect(nameless.body.error.fields.label).toMatch(/Wie heißt die Routine/);
    await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'custom', label: '   ', intervall_tage: 7 }).expect(400);
    const own = (
      await a
        .post(`/api/dogs/${dog.id}/care-routines`)
        .send({ kind: 'custom', label: 'Pfoten eincremen', intervall_tage: 7, last_done: '2026-06-03' })
        .expect(201)
    ).body;
    expect(own).toMatchObject({ kind: 'custom', label: 'Pfoten eincremen', next_due: '2026-06-10' });
    // Another kind drops the name; back to custom without one is refused.
    expect((await a.patch(`/api/care-routines/${own.id}`).send({ kind: 'teeth' }).expect(200)).body.label).toBeNull();
    await a.patch(`/api/care-routines/${own.id}`).send({ kind: 'custom' }).expect(400);
    await a.patch(`/api/care-routines/${own.id}`).send({ kind: 'custom', label: 'Pfoten eincremen' }).expect(200);
    await careRemindersJob.run(t.ctx);
    expect((await careNotes(friend.id)).map((n) => n.title)).toContain('Balu: Pfoten eincremen ist heute dran');
    const due = (await a.get('/api/welcome-dashboard').expect(200)).body.due_soon.map((d: { title: string }) => d.title);
    expect(due).toContain('Balu: Pfoten eincremen');
  });

  it('one-tap done: today by default, or the given day (not in the future); caregivers tick but do not change', async () => {
    const { owner, friend, dog } = await family();
    const r = await agentAs(t, owner).post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'coat', intervall_tage: 7 }).expect(201);
    expect(r.body.next_due).toBeNull();
    const ticked = await agentAs(t, friend).post(`/api/care-routines/${r.body.id}/done`).send({}).expect(200);
    expect(ticked.body).toMatchObject({ last_done: '2026-06-10', next_due: '2026-06-17' });
    expect((await agentAs(t, owner).post(`/api/care-routines/${r.body.id}/done`).send({ date: '2026-06-08' }).expect(200)).body.next_due).toBe('2026-06-15');
    await agentAs(t, owner).post(`/api/care-routines/${r.body.id}/done`).send({ date: '2026-06-11' }).expect(400);
    await agentAs(t, friend).patch(`/api/care-routines/${r.body.id}`).send({ intervall_tage: 3 }).expect(403);
    await agentAs(t, friend).delete(`/api/care-routines/${r.body.id}`).expect(403);
    await agentAs(t, await buildUser(t.ctx))
      .post(`/api/care-routines/${r.body.id}/done`)
      .send({})
      .expect(403);
  });

  it('reminds owner and caregivers once per due date for routines due today or overdue; a tick arms the next', async () => {
    await careRemindersJob.run(t.ctx); // what the other tests left due is sent first
    const { owner, friend, dog } = await family();
    const a = agentAs(t, owner);
    await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'claws', intervall_tage: 14, last_done: '2026-05-27' }).expect(201); // due today
    const late = await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'tick_flea', intervall_tage: 30, last_done: '2026-05-01' }).expect(201); // overdue
    await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'coat', intervall_tage: 7, last_done: '2026-06-09' }).expect(201); // later
    expect(await careRemindersJob.run(t.ctx)).toBe(4);
    expect(await careRemindersJob.run(t.ctx)).toBe(0);
    expect((await careNotes(owner.id)).map((n) => n.title)).toEqual(['Balu: Krallen schneiden ist heute dran', 'Balu: Zecken- und Flohschutz ist überfällig']);
    expect(await careNotes(friend.id)).toHaveLength(2);
    // Ticked today → due again in 30 days; on that day it reminds again.
    await a.post(`/api/care-routines/${late.body.id}/done`).send({}).expect(200);
    clock.set('2026-07-10T06:00:00Z');
    expect(await careRemindersJob.run(t.ctx)).toBeGreaterThanOrEqual(2);
    expect((await careNotes(owner.id)).map((n) => n.title)).toContain('Balu: Zecken- und Flohschutz ist heute dran');
    clock.set('2026-06-10T06:00:00Z');
  });

  it("an overdue routine's reminders end when the owner dismisses them (caregivers may not)", async () => {
    await careRemindersJob.run(t.ctx);
    const { owner, friend, dog } = await family();
    const a = agentAs(t, owner);
    const late = await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'claws', intervall_tage: 10, last_done: '2026-05-01' }).expect(201); // due 11.05.
    expect(await careRemindersJob.run(t.ctx)).toBe(2); // owner and caregiver, step 0
    const path = `/api/dogs/${dog.id}/care-routines/${late.body.id}/dismiss-reminder`;
    await request(t.app).post(path).expect(401);
    await agentAs(t, friend).post(path).expect(403);
    await a.post(`/api/dogs/${dog.id}/care-routines/999999/dismiss-reminder`).expect(404);
    expect((await a.post(path).expect(200)).body.reminder_dismissed_due).toBe('2026-05-11');
    clock.set('2026-06-17T06:00:00Z'); // step 1 would be due now
    expect(await careRemindersJob.run(t.ctx)).toBe(0);
    clock.set('2026-06-10T06:00:00Z');
  });
});
