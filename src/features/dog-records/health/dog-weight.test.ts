import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

describe('the dog profile’s weight follows the latest measurement', () => {
  it('on add, a back-dated entry, a correction, a caregiver’s entry and removal of the latest', async () => {
    const owner = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Lotte' });
    const a = agentAs(t, owner);
    const profileKg = async () => (await a.get(`/api/dogs/${dog.id}`).expect(200)).body.weight_kg;
    await a.patch(`/api/dogs/${dog.id}`).send({ weight_kg: 9 }).expect(200);
    const jan = (await a.post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-01-01', weight_kg: 10 }).expect(201)).body;
    expect(await profileKg()).toBe(10);
    const mar = (await a.post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-03-01', weight_kg: 12.5 }).expect(201)).body;
    await a.post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-02-01', weight_kg: 11 }).expect(201); // older: no change
    expect(await profileKg()).toBe(12.5);
    await a.patch(`/api/weights/${mar.id}`).send({ weight_kg: 12.7 }).expect(200);
    expect(await profileKg()).toBe(12.7);
    await shareDog(t, a, dog.id, friend);
    await agentAs(t, friend).post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-04-01', weight_kg: 13.1 }).expect(201);
    expect(await profileKg()).toBe(13.1);
    const apr = (await a.get(`/api/dogs/${dog.id}/weights`).expect(200)).body.items.find((w: { date: string }) => w.date === '2026-04-01');
    await a.delete(`/api/weights/${apr.id}`).expect(204);
    expect(await profileKg()).toBe(12.7);
    expect(jan.id).toBeGreaterThan(0);
  });
});
