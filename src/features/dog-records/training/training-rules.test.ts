import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { streakOf } from './streak.js';

const clock = fixedClock('2026-03-30T22:30:00Z'); // 31 March, 00:30 in Berlin (summer time began on 29 March)
const t = useTestApp({ clock });

describe('streakOf', () => {
  it('counts consecutive days; the current streak holds while the last day is today or yesterday', () => {
    expect(streakOf([], '2026-03-10')).toEqual({ current_days: 0, longest_days: 0, last_date: null });
    expect(streakOf(['2026-03-10'], '2026-03-10')).toEqual({ current_days: 1, longest_days: 1, last_date: '2026-03-10' });
    expect(streakOf(['2026-03-09', '2026-03-08', '2026-03-08'], '2026-03-10')).toEqual({ current_days: 2, longest_days: 2, last_date: '2026-03-09' });
    expect(streakOf(['2026-03-07', '2026-03-08'], '2026-03-10').current_days).toBe(0);
    expect(streakOf(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-03-09', '2026-03-10'], '2026-03-10')).toEqual({
      current_days: 2,
      longest_days: 4,
      last_date: '2026-03-10',
    });
  });

  it('a DST change (23 or 25 hours) is still one day', () => {
    expect(streakOf(['2026-03-28', '2026-03-29', '2026-03-30'], '2026-03-31').current_days).toBe(3);
    expect(streakOf(['2026-10-24', '2026-10-25', '2026-10-26'], '2026-10-26').current_days).toBe(3);
  });
});

describe('training sessions and the streak endpoint', () => {
  it('counts Berlin days across the spring DST change; 400 for duration 0/601 and rating 6; caregivers log; 401/403/404', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Kira' });
    const a = agentAs(t, owner);
    for (const date of ['2026-03-28', '2026-03-29', '2026-03-30'])
      await a.post(`/api/dogs/${dog.id}/training-sessions`).send({ date, skill: 'Rückruf', duration_min: 10 }).expect(201);
    // It is already 31 March in Berlin (UTC is still on the 30th): the streak counts since yesterday.
    expect((await a.get(`/api/dogs/${dog.id}/training-streak`).expect(200)).body).toEqual({ current_days: 3, longest_days: 3, last_date: '2026-03-30' });
    await a.post(`/api/dogs/${dog.id}/training-sessions`).send({ date: '2026-03-31', skill: 'Sitz', duration_min: 5, rating: 5 }).expect(201); // today in Berlin
    await a.post(`/api/dogs/${dog.id}/training-sessions`).send({ date: '2026-04-01', skill: 'Sitz', duration_min: 5 }).expect(400); // future in Berlin
    for (const bad of [{ duration_min: 0 }, { duration_min: 601 }, { rating: 6 }, { rating: 0 }, { extra: 1 }])
      await a
        .post(`/api/dogs/${dog.id}/training-sessions`)
        .send({ date: '2026-03-30', skill: 'Platz', duration_min: 10, ...bad })
        .expect(400);
    await a
      .post(`/api/dogs/${dog.id}/training-sessions`)
      .send({ date: '2026-03-30', skill: 'x'.repeat(201), duration_min: 10 })
      .expect(422);
    expect((await a.get(`/api/dogs/${dog.id}/training-streak`).expect(200)).body.current_days).toBe(4);

    const friend = await buildUser(t.ctx);
    await shareDog(t, a, dog.id, friend);
    await agentAs(t, friend).post(`/api/dogs/${dog.id}/training-sessions`).send({ date: '2026-03-31', skill: 'Fuß', duration_min: 15 }).expect(201);

    await request(t.app).get(`/api/dogs/${dog.id}/training-streak`).expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .get(`/api/dogs/${dog.id}/training-streak`)
      .expect(403);
    await a.get('/api/dogs/99999999/training-streak').expect(404);
    const dash = await a.get('/api/welcome-dashboard').expect(200);
    expect(dash.body.dogs.find((d: { id: number }) => d.id === dog.id).training_streak).toMatchObject({ current_days: 4 });
  });
});
