import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { FakeDevice } from '../../../../test/fakes/push-server.js';
import { agentAs, buildDog, buildModerator, buildUser } from '../../../../test/helpers/factories.js';
import { usePushTestApp } from '../../../../test/helpers/push.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { archivePoisonWarningsJob } from './poison.jobs.js';

const clock = fixedClock('2026-06-01T10:00:00Z');
const { t, fake, subscribe } = usePushTestApp({ clock });

// Berlin Alexanderplatz and places around it.
const ALEX = { lat: 52.5219, lon: 13.4132 };
const KM3 = { lat: 52.549, lon: 13.4132 }; // ~3 km north
const KM8 = { lat: 52.594, lon: 13.4132 }; // ~8 km north
const HAMBURG = { lat: 53.5511, lon: 9.9937 };
const warning = (extra: Record<string, unknown> = {}) => ({ ...ALEX, kind: 'poison', description: 'Wurststücke mit Nägeln am Spielplatz', ...extra });

describe('poison warnings', () => {
  it('nearby list: nearest first with distance_km; 400 for lat 91, lon 181, radius 0 or 201; 401', async () => {
    const u = await buildUser(t.ctx);
    const a = agentAs(t, u);
    await a
      .post('/api/poison-warnings')
      .send(warning({ ...KM8, description: 'weiter weg' }))
      .expect(201);
    await a
      .post('/api/poison-warnings')
      .send(warning({ ...KM3, description: 'nah' }))
      .expect(201);
    await a
      .post('/api/poison-warnings')
      .send(warning({ ...HAMBURG, description: 'Hamburg' }))
      .expect(201);
    const list = (await a.get(`/api/poison-warnings?lat=${ALEX.lat}&lon=${ALEX.lon}&radius_km=10`).expect(200)).body.items;
    expect(list.map((w: { description: string; distance_km: number }) => [w.description, w.distance_km])).toEqual([
      ['nah', 3],
      ['weiter weg', 8],
    ]);
    expect(list[0]).toMatchObject({ status: 'unconfirmed', mine: true });
    for (const q of ['lat=91&lon=13', 'lat=52&lon=181', 'lat=52&lon=13&radius_km=0', 'lat=52&lon=13&radius_km=201', 'lat=52'])
      await a.get(`/api/poison-warnings?${q}`).expect(400);
    await a
      .post('/api/poison-warnings')
      .send(warning({ lat: 91 }))
      .expect(400);
    await a
      .post('/api/poison-warnings')
      .send(warning({ kind: 'bomb' }))
      .expect(400);
    await request(t.app).get(`/api/poison-warnings?lat=52&lon=13`).expect(401);
    const unverified = await buildUser(t.ctx, { email_verified_at: null });
    expect((await agentAs(t, unverified).post('/api/poison-warnings').send(warning()).expect(403)).body.error.code).toBe('email_not_verified');
  });

  it('pushes to people within 5 km (saved position), not further, not the reporter', async () => {
    const reporter = await buildUser(t.ctx, ALEX);
    const near = await buildUser(t.ctx, KM3);
    const far = await buildUser(t.ctx, KM8);
    const devices = new Map<number, FakeDevice>();
    for (const u of [reporter, near, far]) devices.set(u.id, await subscribe(u));
    const made = await agentAs(t, reporter).post('/api/poison-warnings').send(warning()).expect(201);
    await t.ctx.push.settled();
    expect(fake.receivedBy(devices.get(near.id)!).map((p) => p.payload.url)).toEqual([`/app/giftkoeder/${made.body.id}`]);
    expect(fake.receivedBy(devices.get(far.id)!)).toEqual([]);
    expect(fake.receivedBy(devices.get(reporter.id)!)).toEqual([]);
  });

  it('states: three other users confirm (not the reporter, each once); a moderator confirms or marks a false alarm; archived after 14 quiet days', async () => {
    const reporter = await buildUser(t.ctx);
    const w = (await agentAs(t, reporter).post('/api/poison-warnings').send(warning()).expect(201)).body;
    expect((await agentAs(t, reporter).post(`/api/poison-warnings/${w.id}/confirm`).expect(409)).body.error.code).toBe('own_report');
    const [a, b, c] = [await buildUser(t.ctx), await buildUser(t.ctx), await buildUser(t.ctx)];
    expect((await agentAs(t, a).post(`/api/poison-warnings/${w.id}/confirm`).expect(200)).body).toMatchObject({ status: 'unconfirmed', confirmed_count: 1 });
    expect((await agentAs(t, a).post(`/api/poison-warnings/${w.id}/confirm`).expect(200)).body.confirmed_count).toBe(1); // once per person
    await agentAs(t, b).post(`/api/poison-warnings/${w.id}/confirm`).expect(200);
    expect((await agentAs(t, c).post(`/api/poison-warnings/${w.id}/confirm`).expect(200)).body).toMatchObject({ status: 'confirmed', confirmed_count: 3 });

    const mod = await buildModerator(t.ctx);
    const second = (await agentAs(t, reporter).post('/api/poison-warnings').send(warning()).expect(201)).body;
    expect((await agentAs(t, mod).post(`/api/poison-warnings/${second.id}/confirm`).expect(200)).body.status).toBe('confirmed');
    const third = (await agentAs(t, reporter).post('/api/poison-warnings').send(warning()).expect(201)).body;
    await agentAs(t, a).post(`/api/poison-warnings/${third.id}/false-alarm`).expect(403);
    expect((await agentAs(t, mod).post(`/api/poison-warnings/${third.id}/false-alarm`).expect(200)).body.status).toBe('false_alarm');
    await agentAs(t, a).post(`/api/poison-warnings/${third.id}/confirm`).expect(409);
    await agentAs(t, a).post('/api/poison-warnings/99999999/confirm').expect(404);

    // 14 days after the last confirmation the 03:15 job archives; 13 days is not enough.
    clock.set('2026-06-14T10:00:00Z');
    await archivePoisonWarningsJob.run(t.ctx);
    expect((await agentAs(t, a).get(`/api/poison-warnings/${w.id}`).expect(200)).body.status).toBe('confirmed');
    clock.set('2026-06-15T10:00:01Z');
    expect(await archivePoisonWarningsJob.run(t.ctx)).toBeGreaterThanOrEqual(2);
    expect(await archivePoisonWarningsJob.run(t.ctx)).toBe(0);
    const late = agentAs(t, a);
    expect((await late.get(`/api/poison-warnings/${w.id}`).expect(200)).body.status).toBe('archived');
    expect((await late.get(`/api/poison-warnings/${third.id}`).expect(200)).body.status).toBe('false_alarm');
    const ids = (await late.get(`/api/poison-warnings?lat=${ALEX.lat}&lon=${ALEX.lon}`).expect(200)).body.items.map((x: { id: number }) => x.id);
    for (const gone of [w.id, second.id, third.id]) expect(ids).not.toContain(gone);
    clock.set('2026-06-01T10:00:00Z');
  });

  it('the author edits and deletes, a moderator deletes, others get 403; 404 missing', async () => {
    const author = await buildUser(t.ctx);
    const w = (await agentAs(t, author).post('/api/poison-warnings').send(warning()).expect(201)).body;
    const other = agentAs(t, await buildUser(t.ctx));
    await other.patch(`/api/poison-warnings/${w.id}`).send({ description: 'x' }).expect(403);
    await other.delete(`/api/poison-warnings/${w.id}`).expect(403);
    expect((await agentAs(t, author).patch(`/api/poison-warnings/${w.id}`).send({ description: 'Genauer: am Zaun' }).expect(200)).body.description).toBe(
      'Genauer: am Zaun',
    );
    await agentAs(t, author).patch(`/api/poison-warnings/${w.id}`).send({ status: 'confirmed' }).expect(400); // no mass assignment
    await agentAs(t, await buildModerator(t.ctx))
      .delete(`/api/poison-warnings/${w.id}`)
      .expect(204);
    await other.get(`/api/poison-warnings/${w.id}`).expect(404);
  });
});

describe('a crowded box', () => {
  it('still answers the nearest items: the SQL hands over the nearest candidates, not the first ones stored', async () => {
    const u = await buildUser(t.ctx);
    const now = new Date().toISOString();
    const far = Array.from({ length: 450 }, (_, i) => ({
      user_id: u.id,
      lat: ALEX.lat - 0.08, // below the centre: first in the (lat, lon) index order
      lon: ALEX.lon + (i % 10) / 1000,
      kind: 'other',
      description: `weit ${i}`,
      status: 'unconfirmed',
      confirmed_count: 0,
      last_activity_at: now,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < far.length; i += 150)
      await t.ctx.db
        .insertInto('poison_warnings')
        .values(far.slice(i, i + 150))
        .execute();
    await agentAs(t, u)
      .post('/api/poison-warnings')
      .send(warning({ lat: ALEX.lat + 0.004, description: 'ganz nah' }))
      .expect(201);
    const items = (await agentAs(t, u).get(`/api/poison-warnings?lat=${ALEX.lat}&lon=${ALEX.lon}&radius_km=10`).expect(200)).body.items;
    expect(items[0].description).toBe('ganz nah');
    expect(items).toHaveLength(200);
  });
});

describe('poison report limit', () => {
  const limited = useTestApp({ env: { RATE_LIMITS_ENABLED: 'true' } });
  it('a 4th report within an hour is 429 with Retry-After', async () => {
    const u = await buildUser(limited.ctx);
    for (let i = 0; i < 3; i++) await agentAs(limited, u).post('/api/poison-warnings').send(warning()).expect(201);
    const res = await agentAs(limited, u).post('/api/poison-warnings').send(warning()).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('lost dogs', () => {
  it('pushes within 10 km; the author marks found; a linked dog must be one’s own; kept anonymised after account deletion while lost', async () => {
    const owner = await buildUser(t.ctx, ALEX);
    const neighbour = await buildUser(t.ctx, KM8);
    const device = await subscribe(neighbour);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Flocke' });
    const body = {
      ...ALEX,
      name: 'Flocke',
      description: 'Weißer Spitz, rotes Halsband, scheu',
      last_seen_at: '2026-06-01T09:00:00Z',
      dog_id: dog.id,
      contact: '0170 1234567',
    };
    await agentAs(t, owner)
      .post('/api/lost-dogs')
      .send({ ...body, dog_id: (await buildDog(t.ctx)).id })
      .expect(403);
    await agentAs(t, owner)
      .post('/api/lost-dogs')
      .send({ ...body, last_seen_at: '2026-06-02T09:00:00Z' })
      .expect(400);
    const lost = (await agentAs(t, owner).post('/api/lost-dogs').send(body).expect(201)).body;
    expect(lost).toMatchObject({ status: 'lost', found_at: null, name: 'Flocke' });
    await t.ctx.push.settled();
    expect(fake.receivedBy(device).map((p) => p.payload.title)).toEqual(['Hund vermisst: Flocke']);

    const found = (await agentAs(t, owner).patch(`/api/lost-dogs/${lost.id}`).send({ status: 'found' }).expect(200)).body;
    expect(found).toMatchObject({ status: 'found', found_at: expect.any(String) });
    await agentAs(t, owner).patch(`/api/lost-dogs/${lost.id}`).send({ status: 'lost' }).expect(200);

    const other = (
      await agentAs(t, owner)
        .post('/api/lost-dogs')
        .send({ ...body, dog_id: null })
        .expect(201)
    ).body;
    await agentAs(t, owner).patch(`/api/lost-dogs/${other.id}`).send({ status: 'found' }).expect(200);
    await agentAs(t, owner).delete('/api/me').send({ password: owner.password }).expect(204);
    const still = (await agentAs(t, neighbour).get(`/api/lost-dogs/${lost.id}`).expect(200)).body;
    expect(still).toMatchObject({ status: 'lost', mine: false, dog_id: null });
    await agentAs(t, neighbour).get(`/api/lost-dogs/${other.id}`).expect(404); // found and anonymous: gone
  });
});
