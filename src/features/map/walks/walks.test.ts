import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { mondayOf } from './weekly.js';

// Wednesday, 3 June 2026, 10:00 in Berlin.
const clock = fixedClock('2026-06-03T08:00:00Z');
const t = useTestApp({ clock });

async function owner() {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user, name: 'Bello' });
  return { user, dog, a: agentAs(t, user) };
}
const walk = (dog_ids: number[], extra: Record<string, unknown> = {}) => ({ dog_ids, started_at: '2026-06-03T07:00:00Z', duration_min: 45, ...extra });

describe('walks', () => {
  it('401; 400 for no dog, an unknown key, a time in the future or 0 minutes; 403 for another’s dog; 404 for a missing dog', async () => {
    await request(t.app)
      .post('/api/walks')
      .send(walk([1]))
      .expect(401);
    await request(t.app).get('/api/walks').expect(401);
    const { dog, a } = await owner();
    await a.post('/api/walks').send(walk([])).expect(400);
    await a
      .post('/api/walks')
      .send(walk([dog.id], { user_id: 5 }))
      .expect(400);
    await a
      .post('/api/walks')
      .send(walk([dog.id], { started_at: '2026-06-03T09:00:00Z' }))
      .expect(400);
    await a
      .post('/api/walks')
      .send(walk([dog.id], { duration_min: 0 }))
      .expect(400);
    const stranger = await owner();
    await a
      .post('/api/walks')
      .send(walk([dog.id, stranger.dog.id]))
      .expect(403);
    await a
      .post('/api/walks')
      .send(walk([999999]))
      .expect(404);
    expect((await a.get('/api/walks').expect(200)).body.items).toEqual([]);
  });

  it('stores a walk with several dogs; a track gives the distance when none is sent; only the walker reads or deletes it', async () => {
    const { user, dog, a } = await owner();
    const second = await buildDog(t.ctx, { user, name: 'Luna' });
    // About 111 m north, then 111 m east at 48°: 111 + 74 m.
    const track = [
      [48.0, 11.0],
      [48.001, 11.0],
      [48.001, 11.001],
    ];
    const made = (
      await a
        .post('/api/walks')
        .send(walk([second.id, dog.id, dog.id], { track }))
        .expect(201)
    ).body;
    expect(made).toMatchObject({ duration_min: 45, has_track: true, track, dogs: [{ name: 'Bello' }, { name: 'Luna' }] });
    expect(made.distance_m).toBeGreaterThan(180);
    expect(made.distance_m).toBeLessThan(190);
    const given = (
      await a
        .post('/api/walks')
        .send(walk([dog.id], { distance_m: 2500, track }))
        .expect(201)
    ).body;
    expect(given.distance_m).toBe(2500);
    expect((await a.get('/api/walks').expect(200)).body.items.map((w: { id: number }) => w.id)).toEqual([given.id, made.id]);
    const b = agentAs(t, await buildUser(t.ctx));
    await b.get(`/api/walks/${made.id}`).expect(403);
    await b.delete(`/api/walks/${made.id}`).expect(403);
    await a.get('/api/walks/999999').expect(404);
    await a.delete(`/api/walks/${made.id}`).expect(204);
    await a.get(`/api/walks/${made.id}`).expect(404);
  });

  it('takes a two-hour track of 7,200 points (the JSON value cap is raised for tracks only); 20,001 points → 400', async () => {
    const { dog, a } = await owner();
    const track = Array.from({ length: 7_200 }, (_, i) => [48 + i * 0.00002, 11 + (i % 100) * 0.00001]);
    expect(
      (
        await a
          .post('/api/walks')
          .send(walk([dog.id], { track }))
          .expect(201)
      ).body.track,
    ).toHaveLength(7_200);
    const tooMany = Array.from({ length: 20_001 }, () => [48, 11]);
    await a
      .post('/api/walks')
      .send(walk([dog.id], { track: tooMany }))
      .expect(400);
    // Other routes keep the default cap of 2,000 values.
    await a
      .post('/api/notes')
      .send({ parent_type: 'dog', parent_id: dog.id, rubrik: 'x', text: 'y', meta_json: { list: Array.from({ length: 2_001 }, () => 1) } })
      .expect(413);
  });

  it('a walk may follow one’s own or a public route; another’s private route is 403', async () => {
    const { dog, a } = await owner();
    const line = {
      type: 'LineString',
      coordinates: [
        [11, 48],
        [11.01, 48.01],
      ],
    };
    const mine = (await a.post('/api/routes').send({ name: 'Meine', geometry: line, distance_m: 1300 }).expect(201)).body;
    const other = agentAs(t, await buildUser(t.ctx));
    const hidden = (await other.post('/api/routes').send({ name: 'Geheim', geometry: line, distance_m: 1300 }).expect(201)).body;
    expect(
      (
        await a
          .post('/api/walks')
          .send(walk([dog.id], { route_id: mine.id }))
          .expect(201)
      ).body.route_id,
    ).toBe(mine.id);
    await a
      .post('/api/walks')
      .send(walk([dog.id], { route_id: hidden.id }))
      .expect(403);
  });

  it('weekly totals per dog, Monday to Sunday in Berlin, newest week first, weeks without walks as zeros', async () => {
    const { user, dog, a } = await owner();
    const luna = await buildDog(t.ctx, { user, name: 'Luna' });
    await a
      .post('/api/walks')
      .send(walk([dog.id, luna.id], { started_at: '2026-06-01T05:00:00Z', duration_min: 30, distance_m: 2000 }))
      .expect(201);
    await a
      .post('/api/walks')
      .send(walk([dog.id], { started_at: '2026-06-03T06:00:00Z', duration_min: 20, distance_m: 1000 }))
      .expect(201);
    // Sunday 31 May, 23:30 in Berlin (21:30 UTC): still the week before.
    await a
      .post('/api/walks')
      .send(walk([dog.id], { started_at: '2026-05-31T21:30:00Z', duration_min: 15 }))
      .expect(201);
    // Four weeks ago: outside a 3-week view.
    await a
      .post('/api/walks')
      .send(walk([dog.id], { started_at: '2026-05-06T08:00:00Z', duration_min: 60, distance_m: 5000 }))
      .expect(201);
    const weekly = (await a.get('/api/walks/weekly').query({ weeks: 3 }).expect(200)).body;
    expect(weekly.dogs).toEqual([
      {
        dog_id: dog.id,
        name: 'Bello',
        weeks: [
          { week_start: '2026-06-01', walks: 2, distance_m: 3000, duration_min: 50 },
          { week_start: '2026-05-25', walks: 1, distance_m: 0, duration_min: 15 },
          { week_start: '2026-05-18', walks: 0, distance_m: 0, duration_min: 0 },
        ],
      },
      {
        dog_id: luna.id,
        name: 'Luna',
        weeks: [
          { week_start: '2026-06-01', walks: 1, distance_m: 2000, duration_min: 30 },
          { week_start: '2026-05-25', walks: 0, distance_m: 0, duration_min: 0 },
          { week_start: '2026-05-18', walks: 0, distance_m: 0, duration_min: 0 },
        ],
      },
    ]);
    await a.get('/api/walks/weekly').query({ weeks: 53 }).expect(400);
    await request(t.app).get('/api/walks/weekly').expect(401);
  });

  it('notes attach to one’s own walk (403 for another’s, 422 once its dogs are gone)', async () => {
    const { dog, a } = await owner();
    const made = (
      await a
        .post('/api/walks')
        .send(walk([dog.id]))
        .expect(201)
    ).body;
    const note = { parent_type: 'walk', parent_id: made.id, rubrik: 'Allgemein', text: 'Viel geschnüffelt' };
    expect((await a.post('/api/notes').send(note).expect(201)).body).toMatchObject({ parent_type: 'walk', parent_id: made.id });
    await agentAs(t, await buildUser(t.ctx))
      .post('/api/notes')
      .send(note)
      .expect(403);
    // All its dogs deleted since: nothing to hang a note on.
    await t.ctx.db.deleteFrom('dogs').where('id', '=', dog.id).execute();
    await a.post('/api/notes').send(note).expect(422);
  });

  it('mondayOf: the Monday of the week', () => {
    expect(mondayOf('2026-06-03')).toBe('2026-06-01');
    expect(mondayOf('2026-06-01')).toBe('2026-06-01');
    expect(mondayOf('2026-05-31')).toBe('2026-05-25');
  });
});
