import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildFriendships, buildUser } from '../../helpers/factories.js';
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
    const older = page.getByRole('button', { name: 'Ältere Nachrichten laden' });
    await older.waitFor();
    // Scrolling up to the top of the chat brings the older page, no click needed.
    await page.mouse.wheel(0, -100_000);
    await page.getByText('Zeile 0', { exact: true }).waitFor();
    expect(await page.locator('.message-list .message').count()).toBe(70);
    await older.waitFor({ state: 'detached' });
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('friends and incoming requests beyond the first page load when scrolled to', async () => {
    const me = await buildUser(h.ctx, { name: 'Frieda Viele' });
    const now = '2026-01-01T00:00:00.000Z';
    const people = [];
    for (let i = 0; i < 100; i++) people.push(await buildUser(h.ctx, { name: `Kumpel ${String(i).padStart(3, '0')}` }));
    // the first 60 are friends, the other 40 ask
    await buildFriendships(
      h.ctx,
      people.map((p, i) => ({ from: p.id, to: me.id, status: i < 60 ? 'accepted' : 'pending' })),
      now,
    );
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app/freunde'));
    const friends = page.locator('section[aria-labelledby="h-friends"]');
    await friends.getByText('Kumpel 000', { exact: true }).waitFor();
    await friends
      .getByText('Kumpel 059', { exact: true })
      .waitFor({ state: 'detached', timeout: 1 })
      .catch(() => undefined);
    expect(await friends.locator('.person').count()).toBe(50);
    // The requests first, before anything scrolls: the button loads the rest (the scroll trigger is checked on the
    // friends below). After the friends' scroll the requests' own trigger could come into view and load them while
    // the click waited for the button, which then vanished (seen in CI).
    const incoming = page.locator('section[aria-labelledby="h-incoming"]');
    await incoming.getByText('Kumpel 099', { exact: true }).waitFor();
    // Two calls before the list re-renders, as when a tap and the scroll trigger meet: one page, loaded once.
    await incoming.getByRole('button', { name: 'Mehr laden' }).evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await incoming.getByText('Kumpel 060', { exact: true }).waitFor();
    expect(await incoming.locator('.person').count()).toBe(40);
    // The first page of friends holds 50; scrolling to the end of the list brings the other 10 (the button stays for
    // keyboards).
    await friends.evaluate((el) => el.querySelector('.load-on-scroll')?.scrollIntoView());
    await friends.getByText('Kumpel 059', { exact: true }).waitFor();
    expect(await friends.locator('.person').count()).toBe(60);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
