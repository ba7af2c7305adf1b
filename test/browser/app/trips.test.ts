import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';
import { berlinDay } from '../harness.js';

const h = useAppHarness();

/**
 * Trips abroad in Chromium at phone width (issue 51): plan a trip to Norway, see the tapeworm window, enter it, all
 * green; a caregiver ticks off a dose on the dashboard.
 */
describe('trips', () => {
  it('the owner plans Norway, sees the tapeworm window, enters the treatment and the checklist turns green', async () => {
    const owner = await buildUser(h.ctx, { name: 'Rita Reise' });
    const dog = await buildDog(h.ctx, {
      user: owner,
      name: 'Fjord',
      chip_number: '276098106123456',
      pet_passport_number: 'DE-0998877',
      birth_date: '2021-04-01',
    });
    const now = new Date().toISOString();
    await h.ctx.db
      .insertInto('vaccinations')
      .values({
        dog_id: dog.id,
        vaccine: 'Tollwut',
        date: berlinDay(-200),
        next_due: berlinDay(700),
        diseases: '["tollwut"]',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await h.login(owner);
    const page = await h.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(h.url(`/app/hunde/${dog.id}/reise`));
    await page.getByRole('heading', { name: 'Reise: Fjord' }).waitFor();
    await page.getByLabel('Reiseziel').selectOption('NO');
    await page.getByLabel('Einreise (Tag und Uhrzeit)').fill(`${berlinDay(3)}T10:00`);
    await page.getByRole('button', { name: 'Reise speichern' }).click();
    const tapeworm = page.locator('.trip-check[data-code="tapeworm"]');
    await tapeworm.getByText(/^Bandwurmbehandlung beim Tierarzt zwischen .+ und .+, 10:00\.$/).waitFor();
    expect(await tapeworm.getAttribute('data-status')).toBe('todo');
    await checkScreen(page, 'reise-norwegen', 'Reise: Fjord');

    await page.getByLabel('Bandwurmbehandlung am (Tag und Uhrzeit)').fill(`${berlinDay(1)}T09:00`);
    await page.getByRole('button', { name: 'Eintragen' }).click();
    await page.getByText('Alles erledigt – gute Reise!').waitFor();
    const statuses = await page.locator('.trip-check').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses).toEqual(['ok', 'ok', 'ok', 'ok']);
    await checkScreen(page, 'reise-gruen', 'Reise: Fjord');
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});

describe('doses', () => {
  it('a caregiver ticks off a dose on the dashboard (who gave it, today’s count, undo), then on the health tab (stock −1)', async () => {
    const owner = await buildUser(h.ctx, { name: 'Olga Owner' });
    const ben = await buildUser(h.ctx, { name: 'Ben' });
    const dog = await buildDog(h.ctx, { user: owner, name: 'Pille' });
    // Ben is a second real account, invited to the dog and accepting, through the API.
    await shareDog(h.test, agentAs(h.test, owner), dog.id, ben);
    const now = new Date().toISOString();
    const med = await h.ctx.db
      .insertInto('medications')
      .values({
        dog_id: dog.id,
        name: 'Apoquel',
        start_date: berlinDay(-5),
        doses_per_day: 2,
        stock: 20,
        unit: 'Tabletten',
        created_at: now,
        updated_at: now,
      } as never)
      .returning(['id'])
      .executeTakeFirstOrThrow();
    const stock = async () => (await h.ctx.db.selectFrom('medications').select('stock').where('id', '=', med.id).executeTakeFirstOrThrow()).stock;
    await h.login(ben);
    const page = await h.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(h.url('/app'));
    const item = page.locator(`.due-dose[data-medication="${med.id}"]`);
    await item.getByText('Pille: Apoquel – heute noch 2 Gaben').waitFor();
    await item.getByRole('button', { name: 'Apoquel: Gegeben' }).click();
    await item.getByText(/^Gegeben von Ben um \d\d:\d\d · noch 19 Tabletten/).waitFor();
    await item.getByText('Pille: Apoquel – heute noch eine Gabe').waitFor();
    expect(await stock()).toBe(19);
    await checkScreen(page, 'gabe-dashboard');
    await item.getByRole('button', { name: 'Apoquel: Rückgängig' }).click();
    await item.getByText('Pille: Apoquel – heute noch 2 Gaben').waitFor();
    expect(await stock()).toBe(20);

    // The item leads to the health tab, where the same tick counts the stock down.
    await item.getByRole('link').click();
    await page.getByRole('button', { name: 'Apoquel: Gabe abhaken' }).click();
    await page.getByText(/^Gegeben von Ben um \d\d:\d\d · noch 19 Tabletten/).waitFor();
    expect(await stock()).toBe(19);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
