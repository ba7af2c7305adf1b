import { afterAll, describe, expect, it } from 'vitest';
import { FakeAiServer } from '../../fakes/ai-server.js';
import { agentAs, buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

// The AI provider is a fake on 127.0.0.1, started before the app so the app is configured with it.
const ai = new FakeAiServer();
await ai.start();
afterAll(() => ai.stop());
const h = useAppHarness({ env: { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' } });

/** Notes with the AI analysis: the consent dialog first, then the stored answer; the training plan. */
describe('AI in the app', () => {
  it('asks for consent, then analyses a note and shows the answer; the plan card makes a plan', async () => {
    const owner = await buildUser(h.ctx, { name: 'Nina Notiz' });
    const dog = await buildDog(h.ctx, { user: owner, name: 'Paul', breed: 'Beagle' });
    const api = agentAs(h.test, owner);
    const session = await api.post(`/api/dogs/${dog.id}/training-sessions`).send({ date: '2026-01-10', skill: 'Leine', duration_min: 10 }).expect(201);
    await api
      .post('/api/notes')
      .send({ parent_type: 'training_session', parent_id: session.body.id, rubrik: 'Verhalten', text: 'Zieht an der Leine, sobald andere Hunde kommen.' })
      .expect(201);
    ai.reset();
    ai.reply = (req) =>
      req.response_format?.json_schema?.name === 'training_plan' || JSON.stringify(req).includes('training_plan')
        ? {
            title: 'Locker an der Leine',
            weeks: [{ week: 1, focus: 'Aufmerksamkeit', exercises: [{ name: 'Blickkontakt', description: 'Belohne jeden Blick.', minutes: 5 }] }],
          }
        : {
            summary: 'Paul reagiert auf Hundebegegnungen.',
            observations: ['Zug an der Leine bei Begegnungen'],
            suggestions: ['Abstand vergrößern'],
            see_vet: false,
          };

    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/training`));
    await page.getByRole('heading', { name: 'Training: Paul' }).waitFor();
    await page.locator('.notes-toggle summary').first().click();
    await page.getByRole('button', { name: 'Mit KI auswerten' }).click();
    const dialog = page.getByRole('dialog', { name: 'KI-Funktionen einschalten?' });
    await dialog.waitFor();
    await checkScreen(page, 'ki-einwilligung', 'Training: Paul');
    await dialog.getByRole('button', { name: 'Zustimmen' }).click();
    await page.getByText('Paul reagiert auf Hundebegegnungen.').waitFor();
    const user = await h.ctx.db.selectFrom('users').select('notes_ki_enabled').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(user.notes_ki_enabled).toBe(1);
    // What went to the AI: the note and the breed, never the owner's or the dog's name.
    const sent = JSON.stringify(ai.requests.at(-1)?.body.messages);
    expect(sent).toContain('Zieht an der Leine');
    expect(sent).toContain('Beagle');
    expect(sent).not.toContain('Nina');
    expect(sent).not.toContain(owner.email);
    expect(sent).not.toContain('Paul');

    await page.getByLabel('Ziel, z. B. „Leinenführigkeit“').fill('Leinenführigkeit');
    await page.getByRole('button', { name: 'Plan erstellen' }).click();
    await page.getByRole('heading', { name: 'Locker an der Leine' }).waitFor();
    await checkScreen(page, 'ki-trainingsplan', 'Training: Paul');
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
