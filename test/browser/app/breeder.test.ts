import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';
import { berlinDay } from '../harness.js';

const h = useAppHarness();

beforeEach(() => {
  h.pageErrors.length = 0;
});

const day = berlinDay; // the app's day, not UTC's

/** The breeder area in Chromium: the plan note for others, a litter with puppies, quick weighing and the chart. */
describe('breeder screens', () => {
  it('a free user sees what the plan offers, no "Zucht" in the navigation', async () => {
    const user = await buildUser(h.ctx);
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app/zucht'));
    await page.getByRole('heading', { name: 'Zucht mit dem Züchter-Tarif' }).waitFor();
    expect(await page.locator('.tabbar a', { hasText: 'Zucht' }).count()).toBe(0);
    await page.close();
  });

  it('a breeder weighs a whole litter on one screen and sees the growth chart with a warning', async () => {
    const user = await buildUser(h.ctx, { subscription_tier: 'breeder', name: 'Bea Breeder' });
    const mother = await buildDog(h.ctx, { user, name: 'Hera', sex: 'female' });
    const api = agentAs(h.test, user);
    const litter = await api
      .post('/api/litters')
      .send({ mother_dog_id: mother.id, birth_date: day(-10) })
      .expect(201);
    const puppies = [];
    for (const [collar, sex] of [
      ['rot', 'female'],
      ['blau', 'male'],
      ['grün', 'male'],
    ])
      puppies.push((await api.post(`/api/litters/${litter.body.id}/puppies`).send({ collar_color: collar, sex }).expect(201)).body);
    for (const [offset, grams] of [
      [-3, [600, 620, 610]],
      [-2, [640, 660, 650]],
      [-1, [680, 700, 690]],
    ] as const)
      await api
        .post(`/api/litters/${litter.body.id}/weights`)
        .send({ date: day(offset), weights: puppies.map((p, i) => ({ puppy_id: p.id, weight_g: grams[i] })) })
        .expect(201);

    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app/zucht'));
    await page.getByRole('heading', { name: 'Zucht', exact: true }).waitFor();
    expect(await page.locator('.tabbar a', { hasText: 'Zucht' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Wurf von Hera' }).click();
    await page.getByRole('heading', { name: 'Wurf von Hera' }).waitFor();
    await page.getByRole('link', { name: 'Schnellwiegen' }).click();
    await page.getByRole('heading', { name: 'Welpen wiegen' }).waitFor();
    await page.getByLabel('Datum').fill(await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date())));
    await page.getByLabel('Welpe rot (rot), g').fill('0');
    await page.getByRole('button', { name: 'Alle Gewichte speichern' }).click();
    await page.getByText('Bitte Gramm von 1 bis 100.000, höchstens eine Nachkommastelle').waitFor();
    await page.getByLabel('Welpe rot (rot), g').fill('660'); // lost 20 g since yesterday
    await page.getByLabel('Welpe blau (blau), g').fill('740');
    await page.getByLabel('Welpe grün (grün), g').fill('730');
    await checkScreen(page, 'zucht-wiegen', 'Welpen wiegen');
    await page.getByRole('button', { name: 'Alle Gewichte speichern' }).click();
    await page.getByText('Gespeichert.').waitFor();
    const rows = await h.ctx.db.selectFrom('puppy_weights').select('weight_g').where('puppy_id', '=', puppies[0].id).orderBy('date').execute();
    expect(rows.map((r) => r.weight_g)).toEqual([600, 640, 680, 660]);

    await page.goto(h.url(`/app/zucht/wurf/${litter.body.id}`));
    const chart = page.getByRole('img', { name: 'Gewichtskurve der Welpen in Gramm' });
    await chart.waitFor();
    expect(await chart.locator('polyline').count()).toBe(3);
    await page.getByText('hat seit gestern 20 g abgenommen').waitFor();
    await checkScreen(page, 'zucht-wurf', 'Wurf von Hera');

    // What the puppy pass needs: chip, vaccinations and deworming, buyer and handover, in the puppy's details.
    await page.getByText('Chip, Impfungen, Käufer: Welpe rot').click();
    const details = page.getByRole('form', { name: 'Chip, Impfungen, Käufer: Welpe rot' });
    await details.getByLabel('Chipnummer').fill('276098106543210');
    await details.getByLabel('Impfungen und Entwurmungen').fill('8. Woche: SHPPi + L4; Entwurmung 2., 4., 6. Woche');
    await details.getByLabel('Käuferin oder Käufer').fill('Familie Berg');
    await details.getByRole('button', { name: 'Angaben speichern' }).click();
    await details.getByText('Gespeichert. Der Welpenpass enthält die Angaben.').waitFor();
    const pass = await h.ctx.db
      .selectFrom('puppies')
      .select(['chip_number', 'vaccinations', 'buyer_name'])
      .where('id', '=', puppies[0].id)
      .executeTakeFirstOrThrow();
    expect(pass).toEqual({ chip_number: '276098106543210', vaccinations: '8. Woche: SHPPi + L4; Entwurmung 2., 4., 6. Woche', buyer_name: 'Familie Berg' });
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
