import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../helpers/factories.js';
import { checkScreen, PHONE, useAppHarness } from './app-harness.js';

const h = useAppHarness();

beforeEach(() => {
  h.pageErrors.length = 0;
});

const XSS = ['<script>window.__pwned = 1</script>', '<img src=x onerror="window.__pwned = 1">', '"><svg onload="window.__pwned=1">'];

async function befriend(a: Awaited<ReturnType<typeof buildUser>>, b: Awaited<ReturnType<typeof buildUser>>) {
  const req = await agentAs(h.test, a).post('/api/friends/requests').send({ user_id: b.id }).expect(201);
  await agentAs(h.test, b).post(`/api/friends/requests/${req.body.id}/accept`).expect(200);
}

/** Friends, a two-person chat in two browsers, and a forum thread with hostile text, in Chromium with axe. */
describe('community screens', () => {
  it('friends: search, send a request; the other side sees the badge and accepts', async () => {
    const lea = await buildUser(h.ctx, { name: 'Lea Lauf' });
    const max = await buildUser(h.ctx, { name: 'Max Mops' });
    await h.login(lea);
    const page = await h.page();
    await page.goto(h.url('/app/freunde'));
    await page.getByRole('heading', { name: 'Freunde', exact: true }).waitFor();
    await page.getByRole('searchbox').fill('Max M');
    await page.getByRole('button', { name: 'Anfrage senden: Max Mops' }).click();
    await page.getByText('Anfrage gesendet').waitFor();
    await page.close();

    const other = await h.otherBrowser(max);
    const maxPage = await other.newPage();
    await maxPage.setViewportSize(PHONE);
    await maxPage.goto(h.url('/app/community'));
    await maxPage.locator('.count-badge').first().waitFor();
    await maxPage.goto(h.url('/app/freunde'));
    await maxPage.getByRole('button', { name: 'Annehmen: Lea Lauf' }).click();
    await maxPage.getByRole('link', { name: 'Nachricht: Lea Lauf' }).waitFor();
    await checkScreen(maxPage, 'freunde', 'Freunde');
    await maxPage.close();
  });

  it('blocks: a friend blocked from the list shows under “Blockiert” and can be unblocked', async () => {
    const ina = await buildUser(h.ctx, { name: 'Ina Insel' });
    const olaf = await buildUser(h.ctx, { name: 'Olaf Ohr' });
    await befriend(ina, olaf);
    await h.login(ina);
    const page = await h.page();
    await page.goto(h.url('/app/freunde'));
    const blocked = page.locator('section[aria-labelledby="h-blocked"]');
    await blocked.getByText('Du hast niemanden blockiert.').waitFor();
    await page.locator('section[aria-labelledby="h-friends"]').getByRole('button', { name: 'Blockieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Blockieren' }).click();
    await blocked.getByText('Olaf Ohr').waitFor();
    await checkScreen(page, 'freunde-blockiert', 'Freunde');
    await blocked.getByRole('button', { name: 'Blockierung aufheben: Olaf Ohr' }).click();
    await blocked.getByText('Du hast niemanden blockiert.').waitFor();
    expect(await h.ctx.db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', ina.id).execute()).toEqual([]);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('a stranger’s request: “Ablehnen und blockieren” declines and blocks in one step, without befriending first', async () => {
    const uwe = await buildUser(h.ctx, { name: 'Uwe Unbekannt' });
    const rita = await buildUser(h.ctx, { name: 'Rita Ruhe' });
    await agentAs(h.test, uwe).post('/api/friends/requests').send({ user_id: rita.id }).expect(201);
    await h.login(rita);
    const page = await h.page();
    await page.goto(h.url('/app/freunde'));
    await page.getByRole('button', { name: 'Ablehnen und blockieren: Uwe Unbekannt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ablehnen und blockieren?' });
    await dialog.getByText('Uwe Unbekannt kann dir keine Anfrage und keine Nachricht mehr schicken').waitFor();
    await checkScreen(page, 'freunde-ablehnen-blockieren', 'Freunde');
    await dialog.getByRole('button', { name: 'Ablehnen und blockieren' }).click();
    await page.locator('section[aria-labelledby="h-blocked"]').getByText('Uwe Unbekannt').waitFor();
    await page.locator('section[aria-labelledby="h-incoming"]').waitFor({ state: 'detached' });
    expect(await h.ctx.db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', rita.id).execute()).toEqual([{ blocked_id: uwe.id }]);
    await agentAs(h.test, uwe).post('/api/friends/requests').send({ user_id: rita.id }).expect(404);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('a chat between two browsers: sent on Enter, arrives by polling, hostile text stays text', async () => {
    const ida = await buildUser(h.ctx, { name: 'Ida Chat' });
    const tom = await buildUser(h.ctx, { name: 'Tom Chat' });
    await befriend(ida, tom);
    await h.login(ida);
    const idaPage = await h.page();
    await idaPage.goto(h.url(`/app/nachrichten/${tom.id}`));
    await idaPage.getByRole('heading', { name: 'Chat mit Tom Chat' }).waitFor();

    const tomBrowser = await h.otherBrowser(tom);
    const tomPage = await tomBrowser.newPage();
    await tomPage.setViewportSize(PHONE);
    await tomPage.goto(h.url(`/app/nachrichten/${ida.id}`));
    await tomPage.getByRole('heading', { name: 'Chat mit Ida Chat' }).waitFor();

    const box = idaPage.getByPlaceholder('Nachricht');
    await box.fill('Gassi im Park? https://example.org/treffpunkt');
    await box.press('Enter');
    await box.fill(XSS[0]!);
    await box.press('Enter');
    await tomPage.getByText('Gassi im Park?').waitFor({ timeout: 10_000 });
    await tomPage.getByText(XSS[0]!).waitFor({ timeout: 10_000 });
    expect(await tomPage.getByRole('link', { name: 'https://example.org/treffpunkt' }).getAttribute('rel')).toContain('noopener');
    expect(await tomPage.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await checkScreen(tomPage, 'chat', 'Chat mit Ida Chat');

    // Tom answers; Ida's open chat gets it without reloading.
    await tomPage.getByPlaceholder('Nachricht').fill('Klar, bis gleich!');
    await tomPage.getByRole('button', { name: 'Senden' }).click();
    await idaPage.getByText('Klar, bis gleich!').waitFor({ timeout: 10_000 });
    const unread = await h.ctx.db.selectFrom('messages').select('id').where('recipient_id', '=', tom.id).where('read_at', 'is', null).execute();
    expect(unread).toEqual([]); // Tom's open chat marked them read
    expect(h.pageErrors).toEqual([]);
    await idaPage.close();
    await tomPage.close();
  });

  it('forum: a new thread and a reply; hostile titles and texts render as text', async () => {
    const ute = await buildUser(h.ctx, { name: 'Ute Forum' });
    await h.login(ute);
    const page = await h.page();
    await page.goto(h.url('/app/forum'));
    await page.getByRole('link', { name: /Erziehung & Training/ }).click();
    await page.getByRole('heading', { name: 'Erziehung & Training' }).waitFor();
    await page.getByLabel('Titel').fill(XSS[1]!);
    await page.getByLabel('Text').fill(`${XSS[2]}\nZweite Zeile`);
    await page.getByRole('button', { name: 'Thema erstellen' }).click();
    await page.getByRole('heading', { name: XSS[1]! }).waitFor();
    await page.getByText('Zweite Zeile').waitFor();
    await page.getByLabel('Deine Antwort').fill(XSS[0]!);
    await page.getByRole('button', { name: 'Antworten' }).click();
    await page.getByText(XSS[0]!).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('.forum-posts img, .forum-posts svg, .forum-posts script').count()).toBe(0);
    await checkScreen(page, 'forum-thema', XSS[1]!);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
