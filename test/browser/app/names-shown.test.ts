import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const h = useAppHarness();

/**
 * Names stored before the server refused bidi controls (issue 47) keep their text, but the app draws them without
 * those characters (src/client/core/parse-answer.ts): "\u202EnimdA\u202C" shows as "nimdA", never as "Admin".
 */
describe('names stored with bidi controls', () => {
  it('a forum thread by an old "\\u202EnimdA\\u202C" account shows "nimdA" in the list and the thread, and its old title without the isolate', async () => {
    const spoof = await buildUser(h.ctx, { name: '\u202EnimdA\u202C' });
    const reader = await buildUser(h.ctx, { name: 'Rita Lesen' });
    const thread = await agentAs(h.test, spoof)
      .post('/api/forum/threads')
      .send({ category: 'allgemeines', title: 'Treffen am Samstag', body: 'Wer kommt mit?' })
      .expect(201);
    // The title as an old row holds it: written before the rule, past the API.
    await h.ctx.db.updateTable('forum_threads').set({ title: 'Treffen am \u2066Samstag\u2069' }).where('id', '=', thread.body.id).execute();

    await h.login(reader);
    const page = await h.page();
    await page.goto(h.url('/app/forum/allgemeines'));
    await page.getByText(/nimdA ·/).waitFor();
    await page.goto(h.url(`/app/forum/thema/${thread.body.id}`));
    await page.getByRole('heading', { name: 'Treffen am Samstag' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('nimdA');
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    await checkScreen(page, 'name-ohne-steuerzeichen', 'Treffen am Samstag');
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
