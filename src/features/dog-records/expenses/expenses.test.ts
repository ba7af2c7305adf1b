import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { materialiseExpensesJob } from './expenses.jobs.js';

const START = '2026-03-31T10:00:00Z';
const clock = fixedClock(START);
const t = useTestApp({ clock });

const datesOf = (dogId: number) =>
  t.ctx.db.selectFrom('expenses').select(['date', 'occurrence', 'amount_cents']).where('dog_id', '=', dogId).orderBy('date').orderBy('id').execute();

async function owner() {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user, name: 'Emma' });
  const agent = agentAs(t, user);
  /** Records an expense of the dog's (or of another of the user's dogs) through the API; the stored one. */
  const add = async (expense: object, dogId = dog.id) => (await agent.post(`/api/dogs/${dogId}/expenses`).send(expense).expect(201)).body;
  return { user, dog, agent, add };
}

/** The daily job's work on another day: the clock goes to `instant` and back to the file's start afterwards. */
async function on<T>(instant: string, work: () => Promise<T>): Promise<T> {
  clock.set(instant);
  try {
    return await work();
  } finally {
    clock.set(START);
  }
}

describe('expenses: the record routes', () => {
  it('401 without a session', async () => {
    const { dog } = await owner();
    await request(t.app).get(`/api/dogs/${dog.id}/expenses`).expect(401);
    await request(t.app).get('/api/expenses/summary').expect(401);
  });

  it('400 for an amount of 0 or below, an unknown category or recurrence, an unknown key, a future date', async () => {
    const { dog, agent } = await owner();
    const base = { date: '2026-03-01', amount_cents: 1299, category: 'futter' };
    for (const bad of [
      { ...base, amount_cents: 0 },
      { ...base, amount_cents: -5 },
      { ...base, amount_cents: 12.5 },
      { ...base, category: 'leckerli' },
      { ...base, recurrence: 'weekly' },
      { ...base, paid_by: 'Oma' },
      { ...base, date: '2026-04-01' },
    ]) {
      const res = await agent.post(`/api/dogs/${dog.id}/expenses`).send(bad).expect(400);
      expect(res.body.error.message).toMatch(/\S/);
    }
    expect(await datesOf(dog.id)).toEqual([]);
  });

  it('a description up to 10,000 characters (the spec’s Limits table), 422 above', async () => {
    const { dog, agent } = await owner();
    const expense = (description: string) => ({ date: '2026-03-01', amount_cents: 100, category: 'futter', description });
    await agent
      .post(`/api/dogs/${dog.id}/expenses`)
      .send(expense('x'.repeat(10_000)))
      .expect(201);
    await agent
      .post(`/api/dogs/${dog.id}/expenses`)
      .send(expense('x'.repeat(10_001)))
      .expect(422);
  });

  it('403 for another owner and for a caregiver (expenses are the owner’s alone), 404 for a missing one', async () => {
    const { dog, agent, add } = await owner();
    const created = await add({ date: '2026-03-01', amount_cents: 100, category: 'futter' });
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.get(`/api/dogs/${dog.id}/expenses`).expect(403);
    await stranger.get(`/api/expenses/${created.id}`).expect(403);
    await stranger.get(`/api/expenses/summary?dog_id=${dog.id}`).expect(403);

    const friend = await buildUser(t.ctx);
    await shareDog(t, agent, dog.id, friend);
    await agentAs(t, friend).get(`/api/dogs/${dog.id}/expenses`).expect(403);
    await agentAs(t, friend).post(`/api/dogs/${dog.id}/expenses`).send({ date: '2026-03-01', amount_cents: 100, category: 'futter' }).expect(403);
    await agentAs(t, friend).get(`/api/expenses/export.csv?dog_id=${dog.id}`).expect(403);

    await agent.get('/api/expenses/99999999').expect(404);
    await agent.get('/api/expenses/summary?dog_id=99999999').expect(404);
  });

  it('a change of the amount keeps the recurrence (the patch has no default)', async () => {
    const { agent, add } = await owner();
    const created = await add({ date: '2026-03-15', amount_cents: 2500, category: 'versicherung', recurrence: 'yearly' });
    const changed = await agent.patch(`/api/expenses/${created.id}`).send({ amount_cents: 2600 }).expect(200);
    expect(changed.body).toMatchObject({ amount_cents: 2600, recurrence: 'yearly' });
  });
});

describe('recurring expenses', () => {
  it('a backdated template shows its months at once; the 31st becomes the last day of shorter months', async () => {
    const { dog, add } = await owner();
    await add({ date: '2026-01-31', amount_cents: 3000, category: 'versicherung', recurrence: 'monthly' });
    expect((await datesOf(dog.id)).map((r) => [r.date, r.occurrence])).toEqual([
      ['2026-01-31', null],
      ['2026-02-28', 1],
      ['2026-03-31', 2],
    ]);
  });

  it('the daily job adds each period once: run twice, or twice at the same time (two instances), still one row per period', async () => {
    const { dog, add } = await owner();
    await add({ date: '2026-03-30', amount_cents: 1500, category: 'hundesteuer', recurrence: 'monthly' });
    await on('2026-05-31T10:00:00Z', async () => {
      const [a, b] = await Promise.all([materialiseExpensesJob.run(t.ctx), materialiseExpensesJob.run(t.ctx)]);
      expect(a + b).toBeGreaterThanOrEqual(2);
      expect(await materialiseExpensesJob.run(t.ctx)).toBe(0);
    });
    expect((await datesOf(dog.id)).map((r) => r.date)).toEqual(['2026-03-30', '2026-04-30', '2026-05-30']);
  });

  it('leap years: a yearly expense from 29 February 2024 falls on the 28th in 2025 and 2026', async () => {
    const { dog, add } = await owner();
    await add({ date: '2024-02-29', amount_cents: 9900, category: 'versicherung', recurrence: 'yearly' });
    expect((await datesOf(dog.id)).map((r) => r.date)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28']);
  });

  it('a template set back to "none" makes no more occurrences; deleting it keeps the paid ones', async () => {
    const { dog, agent, add } = await owner();
    const created = await add({ date: '2026-01-10', amount_cents: 500, category: 'futter', recurrence: 'monthly' });
    await agent.patch(`/api/expenses/${created.id}`).send({ recurrence: 'none' }).expect(200);
    await on('2026-06-30T10:00:00Z', () => materialiseExpensesJob.run(t.ctx));
    expect(await datesOf(dog.id)).toHaveLength(3); // Jan (template), Feb, Mar
    await agent.delete(`/api/expenses/${created.id}`).expect(204);
    expect((await datesOf(dog.id)).map((r) => r.date)).toEqual(['2026-02-10', '2026-03-10']);
  });
});

describe('summary and CSV', () => {
  it('sums per month and category over all own dogs or one', async () => {
    const { user, agent, add } = await owner();
    const second = await buildDog(t.ctx, { user, name: 'Ötzi' });
    await add({ date: '2026-01-05', amount_cents: 4599, category: 'futter' });
    await add({ date: '2026-03-02', amount_cents: 12000, category: 'tierarzt' });
    await add({ date: '2026-03-20', amount_cents: 1, category: 'futter' }, second.id);
    await add({ date: '2025-12-31', amount_cents: 777, category: 'futter' }, second.id);
    const other = await owner();
    await other.add({ date: '2026-01-05', amount_cents: 999, category: 'futter' });

    const all = await agent.get('/api/expenses/summary?year=2026').expect(200);
    expect(all.body.total_cents).toBe(16600);
    expect(all.body.by_month).toMatchObject({ '2026-01': 4599, '2026-02': 0, '2026-03': 12001 });
    expect(Object.keys(all.body.by_month)).toHaveLength(12);
    expect(all.body.by_category).toMatchObject({ futter: 4600, tierarzt: 12000, versicherung: 0 });
    const one = await agent.get(`/api/expenses/summary?year=2026&dog_id=${second.id}`).expect(200);
    expect(one.body.total_cents).toBe(1);
    await agent.get('/api/expenses/summary?year=26').expect(400);
  });

  it('exports CSV that German Excel opens: BOM, semicolons, decimal comma, German dates, formulas defused', async () => {
    const { agent, add } = await owner();
    await add({ date: '2026-02-03', amount_cents: 123456, category: 'zubehoer', description: 'Leine; "rot"' });
    await add({ date: '2026-02-04', amount_cents: 5, category: 'sonstiges', description: '=HYPERLINK("http://x")' });
    const res = await agent.get('/api/expenses/export.csv?year=2026').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('ausgaben-2026.csv');
    const text = res.text;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Datum;Hund;Kategorie;Beschreibung;Betrag;Währung;Wiederkehrend',
      '03.02.2026;Emma;Zubehör;"Leine; ""rot""";1234,56;EUR;',
      `04.02.2026;Emma;Sonstiges;"'=HYPERLINK(""http://x"")";0,05;EUR;`,
      '',
    ]);
  });
});
