import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../helpers/factories.js';
import { useAppHarness } from './app-harness.js';

const h = useAppHarness();

beforeEach(() => {
  h.pageErrors.length = 0;
});

const ALEX = { lat: 52.5219, lon: 13.4132 };

/** Issue 32: the nearby list pages each kind (50 a page) and loads more when scrolled to the end. */
describe('nearby list in pages', () => {
  it('scrolling past the first page brings the rest of every kind, each item once', async () => {
    const me = await buildUser(h.ctx, { name: 'Paula Seiten', ...ALEX });
    const other = await buildUser(h.ctx);
    const now = new Date().toISOString();
    const frame = { user_id: other.id, created_at: now, updated_at: now };
    // 60 services northwards (~55 m apart: more than one page) and 20 poison warnings southwards (one page).
    await h.ctx.db
      .insertInto('services')
      .values(Array.from({ length: 60 }, (_, i) => ({ ...frame, lat: ALEX.lat + i * 0.0005, lon: ALEX.lon, name: `Dienst ${i}`, category: 'tierarzt' })))
      .execute();
    await h.ctx.db
      .insertInto('poison_warnings')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          ...frame,
          lat: ALEX.lat - i * 0.001,
          lon: ALEX.lon,
          kind: 'poison',
          description: `Köder ${i}`,
          status: 'unconfirmed',
          confirmed_count: 0,
          last_activity_at: now,
        })),
      )
      .execute();
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app/in-der-naehe'));
    await page.getByText('Dienst 0', { exact: true }).waitFor();
    const first = await page.locator('.nearby-list .nearby-item').count();
    // Only what is certain shows: the 50 nearest services and the warnings up to the 50th service's distance.
    expect(first).toBeGreaterThanOrEqual(50);
    expect(first).toBeLessThan(80);
    expect(await page.getByText('Dienst 59', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mehr laden' }).waitFor();

    await page.locator('.nearby .load-on-scroll').scrollIntoViewIfNeeded();
    await page.getByText('Dienst 59', { exact: true }).waitFor();
    await expect.poll(() => page.locator('.nearby-list .nearby-item').count()).toBe(80);
    const ids = await page.locator('.nearby-list .nearby-item').evaluateAll((els) => els.map((el) => el.id));
    expect(new Set(ids).size).toBe(80);
    // The last page is in: no button any more.
    await page.getByRole('button', { name: 'Mehr laden' }).waitFor({ state: 'detached' });
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
