import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

const clock = fixedClock('2026-06-10T06:12:00Z'); // 08:12 in Berlin
const t = useTestApp({ clock });

async function household(stock = 10) {
  const owner = await buildUser(t.ctx);
  const ben = await buildUser(t.ctx, { name: 'Ben' });
  const cara = await buildUser(t.ctx, { name: 'Cara' });
  const dog = await buildDog(t.ctx, { user: owner, name: 'Balu' });
  const a = agentAs(t, owner);
  await shareDog(t, a, dog.id, ben);
  await shareDog(t, a, dog.id, cara);
  const med = (
    await a.post(`/api/dogs/${dog.id}/medications`).send({ name: 'Apoquel', start_date: '2026-06-01', doses_per_day: 2, stock, unit: 'Tabletten' }).expect(201)
  ).body;
  return { owner, ben, cara, dog, med, a, b: agentAs(t, ben), c: agentAs(t, cara) };
}
const refills = (userId: number) =>
  t.ctx.db.selectFrom('notifications').select(['title', 'body']).where('user_id', '=', userId).where('type', '=', 'medication_refill').execute();

describe('doses', () => {
  it('two caregivers tick at the same moment: both counted, stock −2; who gave it; undo by the one who ticked or the owner', async () => {
    const { med, a, b, c } = await household();
    const [one, two] = await Promise.all([b.post(`/api/medications/${med.id}/doses`).send({}), c.post(`/api/medications/${med.id}/doses`).send({})]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect([one.body.stock, two.body.stock].sort()).toEqual([8, 9]);
    expect((await a.get(`/api/medications/${med.id}`).expect(200)).body.stock).toBe(8);
    const list = (await a.get(`/api/medications/${med.id}/doses`).expect(200)).body.items;
    expect(list.map((d: { given_by_name: string }) => d.given_by_name).sort()).toEqual(['Ben', 'Cara']);
    expect(list[0].given_at).toBe('2026-06-10T06:12:00.000Z');
    await c.delete(`/api/doses/${one.body.id}`).expect(403); // Cara cannot undo Ben's
    await b.delete(`/api/doses/${one.body.id}`).expect(204);
    await a.delete(`/api/doses/${two.body.id}`).expect(204);
    expect((await a.get(`/api/medications/${med.id}`).expect(200)).body.stock).toBe(10);
    await a.delete(`/api/doses/${two.body.id}`).expect(404);
  });

  it('the dashboard shows the doses still due today, to the owner and the caregivers, with what the tick needs', async () => {
    const { med, a, b } = await household();
    const due = async (agent: typeof a) =>
      (await agent.get('/api/welcome-dashboard').expect(200)).body.due_soon.filter((d: { area: string }) => d.area === 'doses');
    const [item] = await due(b);
    expect(item.title).toBe('Balu: Apoquel – heute noch 2 Gaben');
    // What the dashboard's tick needs: the caregiver ticks through the item's medication_id.
    expect(item.dose).toEqual({ medication_id: med.id, medication_name: 'Apoquel', dog_name: 'Balu', unit: 'Tabletten', left: 2 });
    const ticked = (await b.post(`/api/medications/${item.dose.medication_id}/doses`).send({}).expect(201)).body;
    expect([ticked.given_by_name, ticked.stock]).toEqual(['Ben', 9]);
    expect((await due(a)).map((d: { title: string; dose: { left: number } }) => [d.title, d.dose.left])).toEqual([['Balu: Apoquel – heute noch eine Gabe', 1]]);
    await a.post(`/api/medications/${med.id}/doses`).send({}).expect(201);
    expect(await due(a)).toEqual([]);
  });

  it('401 / 403 / 404, a time ahead is 422', async () => {
    const { med, b } = await household();
    await request(t.app).post(`/api/medications/${med.id}/doses`).send({}).expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .post(`/api/medications/${med.id}/doses`)
      .send({})
      .expect(403);
    await agentAs(t, await buildUser(t.ctx))
      .get(`/api/medications/${med.id}/doses`)
      .expect(403);
    await b.post('/api/medications/999999/doses').send({}).expect(404);
    await b.post(`/api/medications/${med.id}/doses`).send({ given_at: '2026-06-11T08:00:00Z' }).expect(422);
    await b.post(`/api/medications/${med.id}/doses`).send({ extra: 1 }).expect(400);
  });

  it('the refill reminder goes to the owner once per stock level, from 3 days left (2 a day: 6 units)', async () => {
    const { owner, med, b } = await household(8);
    await b.post(`/api/medications/${med.id}/doses`).send({}).expect(201); // 7: more than 3 days
    expect(await refills(owner.id)).toEqual([]);
    const six = (await b.post(`/api/medications/${med.id}/doses`).send({}).expect(201)).body; // 6: 3 days
    expect(await refills(owner.id)).toEqual([{ title: 'Balu: Apoquel bald nachkaufen', body: 'Noch 6 Tabletten – reicht 3 Tage.' }]);
    await b.delete(`/api/doses/${six.id}`).expect(204); // back to 7, then 6 again: that level was told already
    await b.post(`/api/medications/${med.id}/doses`).send({}).expect(201);
    expect(await refills(owner.id)).toHaveLength(1);
    await b.post(`/api/medications/${med.id}/doses`).send({}).expect(201); // 5: a new level
    expect(await refills(owner.id)).toHaveLength(2);
  });
});
