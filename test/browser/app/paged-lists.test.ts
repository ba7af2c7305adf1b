import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../helpers/factories.js';
import { useAppHarness } from './app-harness.js';

const h = useAppHarness();

beforeEach(() => {
  h.pageErrors.length = 0;
});

async function befriend(a: Awaited<ReturnType<typeof buildUser>>, b: Awaited<ReturnType<typeof buildUser>>) {
  const req = await agentAs(h.test, a).post('/api/friends/requests').send({ user_id: b.id }).expect(201);
  await agentAs(h.test, b).post(`/api/friends/requests/${req.body.id}/accept`).expect(200);
}

/** Lists longer than one page: the screens load the next page on scroll (or with the button). */
describe('paged lists in the app', () => {
  it('a chat with more than one page: older messages come in front when scrolling up', async () => {
    const ada = await buildUser(h.ctx, { name: 'Ada Alt' });
    const ben = await buildUser(h.ctx, { name: 'Ben Alt' });
    await befriend(ada, ben);
    const rows = Array.from({ length: 70 }, (_, i) => ({
      sender_id: ben.id,
      recipient_id: ada.id,
      pair_low: Math.min(ada.id, ben.id),
      pair_high: Math.max(ada.id, ben.id),
      text: `Zeile ${i}`,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      read_at: '2026-01-02T00:00:00.000Z',
    }));
    await h.ctx.db.insertInto('messages').values(rows).execute();
    await h.login(ada);
    const page = await h.page();
    await page.goto(h.url(`/app/nachrichten/${ben.id}`));
    await page.getByText('Zeile 69', { exact: true }).waitFor();
    await page
      .getByText('Zeile 0', { exact: true })
      .scrollIntoViewIfNeeded()
      .catch(() => undefined);
    const older = page.getByRole('button', { name: 'Ältere Nachrichten laden' });
    if (await older.isVisible()) await older.click();
    await page.getByText('Zeile 0', { exact: true }).waitFor();
    expect(await page.locator('.message-list .message').count()).toBe(70);
    await older.waitFor({ state: 'detached' });
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
