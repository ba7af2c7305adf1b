import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { heatRemindersJob } from './heat.jobs.js';
import { predictNextStart } from './prediction.js';

const clock = fixedClock('2026-06-01T06:00:00Z'); // 08:00 in Berlin
const t = useTestApp({ clock });

const heatNotes = (userId: number) =>
  t.ctx.db.selectFrom('notifications').select(['title', 'url']).where('user_id', '=', userId).where('type', '=', 'heat_cycle').orderBy('id').execute();

describe('predictNextStart', () => {
  it('0 cycles: nothing; 1: 182 days; 2: their interval; 6: the mean of the last five starts', () => {
    expect(predictNextStart([])).toEqual({ next_start: null, mean_interval_days: null, based_on_cycles: 0 });
    expect(predictNextStart(['2026-01-10'])).toEqual({ next_start: '2026-07-11', mean_interval_days: 182, based_on_cycles: 1 });
    expect(predictNextStart(['2026-01-10', '2025-07-14'])).toEqual({ next_start: '2026-07-09', mean_interval_days: 180, based_on_cycles: 2 });
    // Six starts, unsorted: the oldest (2023-01-01, 300 days before the next) no longer counts.
    const six = ['2025-06-01', '2023-01-01', '2024-06-05', '2023-10-28', '2024-12-03', '2025-12-01'];
    const p = predictNextStart(six);
    expect(p.based_on_cycles).toBe(5);
    expect(p.mean_interval_days).toBe(Math.round((Date.parse('2025-12-01') - Date.parse('2023-10-28')) / 86_400_000 / 4));
    expect(p.next_start).toBe(new Date(Date.parse('2025-12-01T12:00:00Z') + p.mean_interval_days! * 86_400_000).toISOString().slice(0, 10));
  });
});

describe('heat cycles', () => {
  it('401, 409 for a male dog or one without sex, 400 end before start / future start / unknown key, 422 notes 5001, 403, 404', async () => {
    const owner = await buildUser(t.ctx);
    const luna = await buildDog(t.ctx, { user: owner, name: 'Luna', sex: 'female' });
    const rex = await buildDog(t.ctx, { user: owner, sex: 'male' });
    const unknown = await buildDog(t.ctx, { user: owner });
    const a = agentAs(t, owner);
    await request(t.app).post(`/api/dogs/${luna.id}/heat-cycles`).send({ start_date: '2026-05-01' }).expect(401);
    for (const dog of [rex, unknown])
      expect((await a.post(`/api/dogs/${dog.id}/heat-cycles`).send({ start_date: '2026-05-01' }).expect(409)).body.error.code).toBe('not_female');
    await a.post(`/api/dogs/${luna.id}/heat-cycles`).send({ start_date: '2026-05-10', end_date: '2026-05-01' }).expect(400);
    await a.post(`/api/dogs/${luna.id}/heat-cycles`).send({ start_date: '2026-06-02' }).expect(400);
    await a.post(`/api/dogs/${luna.id}/heat-cycles`).send({ start_date: '2026-05-01', color: 'rot' }).expect(400);
    await a
      .post(`/api/dogs/${luna.id}/heat-cycles`)
      .send({ start_date: '2026-05-01', notes: 'x'.repeat(5001) })
      .expect(422);
    const made = await a.post(`/api/dogs/${luna.id}/heat-cycles`).send({ start_date: '2026-05-01', end_date: '2026-05-20' }).expect(201);
    expect(made.body).toMatchObject({ start_date: '2026-05-01', end_date: '2026-05-20', dog_id: luna.id });
    await a.patch(`/api/heat-cycles/${made.body.id}`).send({ end_date: '2026-04-01' }).expect(400);
    await agentAs(t, await buildUser(t.ctx))
      .get(`/api/dogs/${luna.id}/heat-cycles/prediction`)
      .expect(403);
    await a.get('/api/dogs/99999999/heat-cycles/prediction').expect(404);
    expect((await a.get(`/api/dogs/${luna.id}/heat-cycles/prediction`).expect(200)).body).toEqual({
      next_start: '2026-10-30',
      mean_interval_days: 182,
      based_on_cycles: 1,
    });
  });

  it('reminds 7 days and 1 day before the predicted start and 63 days after a start, each once; never for a deleted dog', async () => {
    const owner = await buildUser(t.ctx);
    const luna = await buildDog(t.ctx, { user: owner, name: 'Luna', sex: 'female' });
    const gone = await buildDog(t.ctx, { user: owner, name: 'Gone', sex: 'female' });
    const a = agentAs(t, owner);
    // Starts 180 days apart → next start 2026-06-08, i.e. 7 days after 2026-06-01.
    await a.post(`/api/dogs/${luna.id}/heat-cycles`).send({ start_date: '2025-06-13' }).expect(201);
    await a.post(`/api/dogs/${luna.id}/heat-cycles`).send({ start_date: '2025-12-10' }).expect(201);
    await a.post(`/api/dogs/${gone.id}/heat-cycles`).send({ start_date: '2025-12-10' }).expect(201);
    await a.post(`/api/dogs/${gone.id}/heat-cycles`).send({ start_date: '2025-06-13' }).expect(201);
    await a.delete(`/api/dogs/${gone.id}`).expect(204);

    expect(await heatRemindersJob.run(t.ctx)).toBe(1);
    expect(await heatRemindersJob.run(t.ctx)).toBe(0);
    expect(await heatNotes(owner.id)).toEqual([{ title: 'Luna: Läufigkeit in etwa 7 Tagen', url: `/app/hunde/${luna.id}/laeufigkeit` }]);

    clock.set('2026-06-07T06:00:00Z');
    expect(await heatRemindersJob.run(t.ctx)).toBe(1);
    expect(await heatRemindersJob.run(t.ctx)).toBe(0);
    expect((await heatNotes(owner.id)).at(-1)?.title).toBe('Luna: Läufigkeit ab morgen erwartet');

    // A cycle that started 63 days ago: the phantom-pregnancy follow-up, once.
    clock.set('2026-06-01T06:00:00Z');
    const lea = await buildDog(t.ctx, { user: owner, name: 'Lea', sex: 'female' });
    await agentAs(t, owner).post(`/api/dogs/${lea.id}/heat-cycles`).send({ start_date: '2026-04-01' }).expect(201);
    clock.set('2026-06-03T06:00:00Z');
    expect(await heatRemindersJob.run(t.ctx)).toBe(1);
    expect(await heatRemindersJob.run(t.ctx)).toBe(0);
    expect((await heatNotes(owner.id)).at(-1)?.title).toBe('Lea: an Scheinschwangerschaft denken');
    clock.set('2026-06-01T06:00:00Z');
  });
});
