import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

/** Money follows the country (issue 53): francs for a Swiss owner, euros otherwise, sums never mixed. */
const t = useTestApp({ clock: fixedClock('2027-05-10T10:00:00Z') });

async function swissOwner() {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user, name: 'Bläss' });
  const agent = agentAs(t, user);
  await agent.put('/api/me/place').send({ country: 'CH', region: 'CH-ZH' }).expect(200);
  return { user, dog, agent };
}

describe('expenses in EUR or CHF', () => {
  it('records a Swiss user’s new expense in CHF, keeps an explicit EUR, and keeps the totals apart', async () => {
    const { dog, agent } = await swissOwner();
    const chf = (await agent.post(`/api/dogs/${dog.id}/expenses`).send({ date: '2027-05-01', amount_cents: 1250, category: 'futter' }).expect(201)).body;
    expect(chf.currency).toBe('CHF');
    const eur = (
      await agent.post(`/api/dogs/${dog.id}/expenses`).send({ date: '2027-05-02', amount_cents: 3000, category: 'tierarzt', currency: 'EUR' }).expect(201)
    ).body;
    expect(eur.currency).toBe('EUR');
    await agent.post(`/api/dogs/${dog.id}/expenses`).send({ date: '2027-04-02', amount_cents: 750, category: 'futter' }).expect(201);
    const summary = (await agent.get('/api/expenses/summary?year=2027').expect(200)).body;
    expect(summary).toMatchObject({ currency: 'CHF', total_cents: 2000 });
    expect(summary.by_month).toMatchObject({ '2027-04': 750, '2027-05': 1250 });
    expect(summary.by_currency.map((c: { currency: string; total_cents: number }) => [c.currency, c.total_cents])).toEqual([
      ['CHF', 2000],
      ['EUR', 3000],
    ]);
    const csv = (await agent.get('/api/expenses/export.csv?year=2027').expect(200)).text;
    expect(csv).toContain(';12,50;CHF;');
    expect(csv).toContain(';30,00;EUR;');
  });

  it('gives a German user EUR, and copies a recurring expense’s currency into its occurrences', async () => {
    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    const agent = agentAs(t, user);
    const e = (await agent.post(`/api/dogs/${dog.id}/expenses`).send({ date: '2027-05-01', amount_cents: 500, category: 'futter' }).expect(201)).body;
    expect(e.currency).toBe('EUR');
    expect((await agent.get('/api/expenses/summary?year=2027').expect(200)).body).toMatchObject({
      currency: 'EUR',
      total_cents: 500,
      by_currency: [{ currency: 'EUR' }],
    });
    const { dog: swissDog, agent: swiss } = await swissOwner();
    await swiss
      .post(`/api/dogs/${swissDog.id}/expenses`)
      .send({ date: '2027-02-01', amount_cents: 4000, category: 'versicherung', recurrence: 'monthly' })
      .expect(201);
    const rows = await t.ctx.db.selectFrom('expenses').select(['currency', 'template_id']).where('dog_id', '=', swissDog.id).execute();
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['CHF']));
  });

  it('refuses another currency (400)', async () => {
    const { dog, agent } = await swissOwner();
    await agent.post(`/api/dogs/${dog.id}/expenses`).send({ date: '2027-05-01', amount_cents: 1, category: 'futter', currency: 'USD' }).expect(400);
  });
});
