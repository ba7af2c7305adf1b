import { beforeEach, describe, expect, it } from 'vitest';
import { buildDiaryEntry, buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

/**
 * Family sharing end to end with real accounts in Chromium: the owner invites by email, the invitee registers from
 * the mail, confirms the address, accepts, finds the dog among their own (marked as shared) and writes its diary.
 */
const h = useAppHarness();

beforeEach(() => {
  h.pageErrors.length = 0;
});

describe('family sharing journey', () => {
  it('A invites B by email, B registers from the mail, confirms, accepts, and writes a diary entry for A’s dog', async () => {
    const anna = await buildUser(h.ctx, { name: 'Anna Halterin' });
    const dog = await buildDog(h.ctx, { user: anna, name: 'Bello' });
    await h.login(anna);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/familie`));
    await page.getByLabel('E-Mail-Adresse').fill('ben.betreuer@example.de');
    await page.getByRole('button', { name: 'Einladen' }).click();
    await page.getByText('ben.betreuer@example.de ist eingeladen.').waitFor();
    await page.close();
    await h.logout();

    // Ben has no account: the mail names Anna and leads to registration with his address.
    const mailTo = async (pattern: RegExp) => {
      await expect.poll(() => h.test.mail.sent.some((m) => m.to === 'ben.betreuer@example.de' && pattern.test(m.text))).toBe(true);
      const mail = h.test.mail.sent.filter((m) => m.to === 'ben.betreuer@example.de' && pattern.test(m.text)).at(-1)!;
      const url = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((u) => pattern.test(u));
      return { mail, link: new URL(url!) };
    };
    const invite = await mailTo(/\/app\/registrieren/);
    expect(invite.mail.subject).toBe('Anna Halterin lädt dich ein, Bello mitzubetreuen');
    const ben = await h.page();
    await ben.goto(h.url(`${invite.link.pathname}${invite.link.search}`));
    expect(await ben.getByLabel('E-Mail-Adresse').inputValue()).toBe('ben.betreuer@example.de');
    await ben.getByLabel('Dein Name').fill('Ben Betreuer');
    await ben.locator('#f-password').fill('sicheres-passwort');
    await ben.getByRole('button', { name: 'Konto anlegen' }).click();
    await ben.waitForURL((u) => u.pathname === '/app/familie');
    h.pageErrors.length = 0; // a guest's session check answers 401 in the console, as it should
    await ben.getByText('Bestätige zuerst deine E-Mail-Adresse').waitFor();
    const verify = await mailTo(/\/api\/auth\/verify\?token=/);
    await ben.goto(h.url(`${verify.link.pathname}${verify.link.search}`));
    await ben.goto(h.url('/app/familie'));
    await ben.getByText('Anna Halterin lädt dich ein, Bello mitzubetreuen.').waitFor();
    await checkScreen(ben, 'familie-einladung', 'Einladungen & geteilte Hunde');
    await ben.getByRole('button', { name: /Annehmen.*Bello/ }).click();
    await ben.getByRole('link', { name: 'Bello' }).waitFor();

    // Bello is among Ben's dogs, marked as shared, and Ben writes in Bello's diary.
    await ben.goto(h.url('/app/hunde'));
    await ben.getByText('Mitbetreut · gehört Anna Halterin').waitFor();
    await checkScreen(ben, 'hunde-mitbetreut', 'Deine Hunde');
    await ben.goto(h.url('/app/tagebuch/neu'));
    await ben.getByLabel('Was habt ihr erlebt?').fill('Mit Bello am Fluss, er war ganz brav.');
    await ben.getByRole('button', { name: 'Eintrag speichern' }).click();
    await ben.getByText('Mit Bello am Fluss, er war ganz brav.').waitFor();
    const entry = await h.ctx.db
      .selectFrom('diary_entries')
      .select(['dog_id'])
      .where('text', '=', 'Mit Bello am Fluss, er war ganz brav.')
      .executeTakeFirstOrThrow();
    expect(entry.dog_id).toBe(dog.id);
    // His own entry he may change; Anna's he may only read (decisions: caregivers change only what they wrote).
    await ben.getByRole('link', { name: 'Bearbeiten' }).waitFor();
    const annas = await buildDiaryEntry(h.ctx, { dog, title: 'Annas Eintrag', author_id: anna.id });
    await ben.goto(h.url(`/app/tagebuch/eintrag/${annas.id}`));
    await ben.getByText('Diesen Eintrag hat der Halter geschrieben. Ändern kann ihn nur der Halter.').waitFor();
    expect(await ben.getByRole('link', { name: 'Bearbeiten' }).count()).toBe(0);
    expect(await ben.getByRole('button', { name: 'Eintrag löschen …' }).count()).toBe(0);
    expect(h.pageErrors).toEqual([]);
    await ben.close();

    // Anna's diary names who wrote Ben's entry.
    await h.login(anna);
    const annaPage = await h.page();
    await annaPage.goto(h.url(`/app/tagebuch?hund=${dog.id}`));
    const card = annaPage.locator('.entry-card').filter({ hasText: 'Mit Bello am Fluss' });
    await card.getByText('von Ben Betreuer').waitFor();
    await checkScreen(annaPage, 'tagebuch-familie', /Tagebuch/);
    await annaPage.close();

    // Anna learns that Ben accepted.
    const news = await h.ctx.db.selectFrom('notifications').select('title').where('user_id', '=', anna.id).execute();
    expect(news.map((n) => n.title)).toContain('Ben Betreuer betreut Bello jetzt mit');
  });
});
