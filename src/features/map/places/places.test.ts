import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { placeStats } from './places.service.js';

const t = useTestApp();
const BOX = '52.40,13.30,52.60,13.50';
const vet = { lat: 52.5, lon: 13.4, name: 'Praxis am Park', types: ['Tierarzt', 'hundesalon', 'tierarzt'] };

describe('places', () => {
  it('stores several types (once each, lower case); private ones only for their owner, public ones for everyone in the box', async () => {
    const owner = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const a = agentAs(t, owner);
    const b = agentAs(t, other);
    const mine = (await a.post('/api/places').send(vet).expect(201)).body;
    expect(mine).toMatchObject({ name: 'Praxis am Park', types: ['tierarzt', 'hundesalon'], public: 0, mine: true });
    const shared = (
      await a
        .post('/api/places')
        .send({ ...vet, name: 'Hundewiese Nord', types: ['hundewiese'], public: true })
        .expect(201)
    ).body;
    await a
      .post('/api/places')
      .send({ ...vet, lat: 48.1, lon: 11.5, name: 'Weit weg', public: true })
      .expect(201);
    expect((await a.get('/api/places').query({ bbox: BOX }).expect(200)).body.items.map((p: { id: number }) => p.id)).toEqual([shared.id, mine.id]);
    const seen = (await b.get('/api/places').query({ bbox: BOX }).expect(200)).body.items;
    expect(seen.map((p: { id: number; mine: boolean }) => [p.id, p.mine])).toEqual([[shared.id, false]]);
    await b.get(`/api/places/${mine.id}`).expect(403);
    await b.get(`/api/places/${shared.id}`).expect(200);
  });

  it('only the owner changes and deletes (Errors 1: missing 404, another user’s 403); strict bodies; 401', async () => {
    const owner = await buildUser(t.ctx);
    const a = agentAs(t, owner);
    const place = (await a.post('/api/places').send(vet).expect(201)).body;
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.patch(`/api/places/${place.id}`).send({ name: 'Meins' }).expect(403);
    await stranger.delete(`/api/places/${place.id}`).expect(403);
    await a.patch('/api/places/999999').send({ name: 'x' }).expect(404);
    await a.delete('/api/places/999999').expect(404);
    await a.patch(`/api/places/${place.id}`).send({ user_id: 1 }).expect(400);
    await a.patch(`/api/places/${place.id}`).send({ types: [] }).expect(400);
    await a
      .patch(`/api/places/${place.id}`)
      .send({ types: ['Tier arzt'] })
      .expect(400);
    await a
      .post('/api/places')
      .send({ ...vet, lat: 91 })
      .expect(400);
    await a
      .post('/api/places')
      .send({ ...vet, name: 'x'.repeat(201) })
      .expect(422);
    const changed = (
      await a
        .patch(`/api/places/${place.id}`)
        .send({ types: ['hundeschule'], description: 'Mit Welpenkurs' })
        .expect(200)
    ).body;
    expect(changed).toMatchObject({ types: ['hundeschule'], description: 'Mit Welpenkurs', name: 'Praxis am Park' });
    await a.delete(`/api/places/${place.id}`).expect(204);
    await a.get(`/api/places/${place.id}`).expect(404);
    await request(t.app).get('/api/places').query({ bbox: BOX }).expect(401);
    await a.get('/api/places').query({ bbox: '52,13,53,14' }).expect(400);
  });

  it('a public place needs a verified email; statistics count each type of a place', async () => {
    const unverified = agentAs(t, await buildUser(t.ctx, { email_verified_at: null }));
    expect(
      (
        await unverified
          .post('/api/places')
          .send({ ...vet, public: true })
          .expect(403)
      ).body.error.code,
    ).toBe('email_not_verified');
    await unverified.post('/api/places').send(vet).expect(201);
    const before = await placeStats(t.ctx);
    await agentAs(t, await buildUser(t.ctx))
      .post('/api/places')
      .send({ ...vet, types: ['tierarzt', 'hundesalon'] })
      .expect(201);
    const after = await placeStats(t.ctx);
    expect(after.total).toBe(before.total + 1);
    expect(after.byType.tierarzt).toBe((before.byType.tierarzt ?? 0) + 1);
    expect(after.byType.hundesalon).toBe((before.byType.hundesalon ?? 0) + 1);
  });

  it('statistics count every place once and each of its types once, counted in SQL by combination (the same numbers as over all rows)', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    for (const types of [['hundewiese'], ['tierarzt', 'hundesalon'], ['hundesalon', 'tierarzt'], ['tierarzt'], ['hundewiese'], ['zoo', 'hundestrand']])
      await a
        .post('/api/places')
        .send({ ...vet, types })
        .expect(201);
    // Also rows the app would not write: an empty part and an empty list count as no type.
    const now = t.ctx.clock.now().toISOString();
    const raw = { user_id: (await buildUser(t.ctx)).id, name: 'Alt', description: null, lat: 52.5, lon: 13.4, public: 0, created_at: now, updated_at: now };
    await t.ctx.db
      .insertInto('places')
      .values([
        { ...raw, types: 'tierarzt,,hundewiese' },
        { ...raw, types: '' },
      ])
      .execute();
    const rows = await t.ctx.db.selectFrom('places').select('types').execute();
    const expected: Record<string, number> = {};
    for (const r of rows) for (const type of r.types.split(',').filter(Boolean)) expected[type] = (expected[type] ?? 0) + 1;
    expect(await placeStats(t.ctx)).toEqual({ total: rows.length, byType: expected });
  });
});
