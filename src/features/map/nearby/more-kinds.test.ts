import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { playdateRemindersJob } from './playdates.jobs.js';

const clock = fixedClock('2026-06-01T10:00:00Z');
const t = useTestApp({ clock });
const ALEX = { lat: 52.5219, lon: 13.4132 };
const NEAR = { lat: 52.5305, lon: 13.4132 }; // ~1 km north

describe('playdates', () => {
  it('no start in the past; own dogs join (a foreign one 403), full 409; heat shows only where shared; a reminder an hour ahead, once', async () => {
    const host = await buildUser(t.ctx);
    const guest = await buildUser(t.ctx);
    const a = agentAs(t, host);
    await a
      .post('/api/playdates')
      .send({ ...ALEX, title: 'Welpentreff', starts_at: '2026-06-01T09:00:00Z' })
      .expect(400);
    const p = (
      await a
        .post('/api/playdates')
        .send({ ...ALEX, title: 'Welpentreff', starts_at: '2026-06-01T11:00:00Z', max_dogs: 2 })
        .expect(201)
    ).body;
    const luna = await buildDog(t.ctx, { user: guest, name: 'Luna', sex: 'female' });
    const rex = await buildDog(t.ctx, { user: host, name: 'Rex', sex: 'male' });
    const g = agentAs(t, guest);
    await g.post(`/api/dogs/${luna.id}/heat-cycles`).send({ start_date: '2026-05-28' }).expect(201);
    await g.post(`/api/playdates/${p.id}/participants`).send({ dog_id: rex.id }).expect(403);
    const joined = (await g.post(`/api/playdates/${p.id}/participants`).send({ dog_id: luna.id }).expect(200)).body;
    expect(joined.participants).toEqual([{ dog_id: luna.id, dog_name: 'Luna', mine: true, in_heat: null }]);
    const shared = (await g.post(`/api/playdates/${p.id}/participants`).send({ dog_id: luna.id, share_heat: true }).expect(200)).body;
    expect(shared.participants[0].in_heat).toBe(true);
    await a.post(`/api/playdates/${p.id}/participants`).send({ dog_id: rex.id }).expect(200);
    const third = await buildDog(t.ctx, { user: guest });
    expect((await g.post(`/api/playdates/${p.id}/participants`).send({ dog_id: third.id }).expect(409)).body.error.code).toBe('playdate_full');
    expect((await a.get(`/api/playdates/${p.id}`).expect(200)).body.participants).toHaveLength(2);

    expect(await playdateRemindersJob.run(t.ctx)).toBe(2); // host and guest, 60 minutes ahead
    expect(await playdateRemindersJob.run(t.ctx)).toBe(0);
    await g.delete(`/api/playdates/${p.id}/participants`).send({ dog_id: luna.id }).expect(204);
    await g.delete(`/api/playdates/${p.id}/participants`).send({ dog_id: luna.id }).expect(404);
  });
});

describe('walk slots', () => {
  it('matches others on the same weekday whose time overlaps, nearby; end before start 400', async () => {
    const me = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const a = agentAs(t, me);
    const b = agentAs(t, other);
    await a
      .post('/api/walk-slots')
      .send({ ...ALEX, weekday: 0, start_time: '08:00', end_time: '07:30' })
      .expect(400);
    await a
      .post('/api/walk-slots')
      .send({ ...ALEX, weekday: 7, start_time: '08:00', end_time: '09:00' })
      .expect(400);
    const mine = (
      await a
        .post('/api/walk-slots')
        .send({ ...ALEX, weekday: 0, start_time: '07:30', end_time: '08:30' })
        .expect(201)
    ).body;
    const overlap = (
      await b
        .post('/api/walk-slots')
        .send({ ...NEAR, weekday: 0, start_time: '08:00', end_time: '09:00', place_name: 'Volkspark' })
        .expect(201)
    ).body;
    await b
      .post('/api/walk-slots')
      .send({ ...NEAR, weekday: 1, start_time: '08:00', end_time: '09:00' })
      .expect(201); // Tuesday
    await b
      .post('/api/walk-slots')
      .send({ ...NEAR, weekday: 0, start_time: '08:30', end_time: '09:00' })
      .expect(201); // touches, no overlap
    await b.post('/api/walk-slots').send({ lat: 53.55, lon: 9.99, weekday: 0, start_time: '08:00', end_time: '09:00' }).expect(201); // Hamburg
    const found = (await a.get(`/api/walk-slots/${mine.id}/matches`).expect(200)).body.items;
    expect(found.map((s: { id: number; distance_km: number }) => [s.id, s.distance_km])).toEqual([[overlap.id, 1]]);
  });
});

describe('listings', () => {
  it('events: end before start 400; adoptions leave the list once adopted; services take only http(s) links', async () => {
    const u = agentAs(t, await buildUser(t.ctx));
    await u
      .post('/api/events')
      .send({ ...ALEX, title: 'Hundeschwimmen', starts_at: '2026-07-01T10:00:00Z', ends_at: '2026-07-01T09:00:00Z' })
      .expect(400);
    await u
      .post('/api/events')
      .send({ ...ALEX, title: 'Hundeschwimmen', starts_at: '2026-07-01T10:00:00Z', ends_at: '2026-07-01T12:00:00Z' })
      .expect(201);
    const ad = (
      await u
        .post('/api/adoptions')
        .send({ ...ALEX, title: 'Bruno sucht ein Zuhause', description: 'Lieb, verträglich.' })
        .expect(201)
    ).body;
    expect(ad.status).toBe('open');
    await u.patch(`/api/adoptions/${ad.id}`).send({ status: 'adopted' }).expect(200);
    expect((await u.get(`/api/adoptions?lat=${ALEX.lat}&lon=${ALEX.lon}`).expect(200)).body.items.map((x: { id: number }) => x.id)).not.toContain(ad.id);
    await u
      .post('/api/services')
      .send({ ...ALEX, name: 'Praxis', category: 'tierarzt', url: 'javascript:alert(1)' })
      .expect(400);
    await u
      .post('/api/services')
      .send({ ...ALEX, name: 'Praxis', category: 'zoo' })
      .expect(400);
    const s = (
      await u
        .post('/api/services')
        .send({ ...ALEX, name: 'Praxis Dr. Wau', category: 'tierarzt', url: 'https://wau.example', opening_hours: 'Mo–Fr 9–18 Uhr' })
        .expect(201)
    ).body;
    expect(s).toMatchObject({ opening_hours: 'Mo–Fr 9–18 Uhr', mine: true });
    await u
      .post('/api/sitting')
      .send({ ...ALEX, type: 'offer', description: 'Ich passe am Wochenende auf.', available_from: '2026-07-02', available_until: '2026-07-01' })
      .expect(400);
    await u
      .post('/api/sitting')
      .send({ ...ALEX, type: 'offer', description: 'Ich passe am Wochenende auf.' })
      .expect(201);
  });
});
