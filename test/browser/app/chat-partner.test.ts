import { describe, expect, it } from 'vitest';
import { buildFriendships, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const h = useAppHarness();

describe('chat: the partner’s name', () => {
  it('heads a chat with friend number 201 by name (from the conversation’s own answer, not the friends list’s first page)', async () => {
    const me = await buildUser(h.ctx, { name: 'Hanne Herzlich' });
    const many = [];
    for (let i = 0; i < 200; i++) many.push(await buildUser(h.ctx, { name: `Anna ${String(i).padStart(3, '0')}` }));
    // By name the last of 201 friends: the friends list's first 200 never reach her.
    const zora = await buildUser(h.ctx, { name: 'Zora Zuletzt' });
    const now = h.ctx.clock.now().toISOString();
    await buildFriendships(
      h.ctx,
      [...many, zora].map((o) => ({ from: o.id, to: me.id })),
      now,
    );
    await h.ctx.db
      .insertInto('messages')
      .values({
        sender_id: zora.id,
        recipient_id: me.id,
        pair_low: Math.min(me.id, zora.id),
        pair_high: Math.max(me.id, zora.id),
        text: 'Moin, Gassi morgen?',
        created_at: now,
      })
      .execute();
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url(`/app/nachrichten/${zora.id}`));
    await page.getByRole('heading', { level: 1, name: 'Chat mit Zora Zuletzt' }).waitFor();
    // Her message says who wrote it to a screen reader, too.
    await expect.poll(() => page.locator('.message.theirs .visually-hidden').first().textContent()).toBe('Zora Zuletzt: ');
    await checkScreen(page, 'chat-freundin-201', 'Chat mit Zora Zuletzt');
    expect(h.pageErrors).toEqual([]);
  });
});
