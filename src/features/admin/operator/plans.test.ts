import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../../../../test/fakes/photos.js';
import { agentAs, buildAdmin, buildDiaryMedia, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

/** The text of the page without its tags, so a test reads what a visitor reads. */
const visible = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the plan comparison on an install without AI and route planning (the default)', () => {
  const t = useTestApp({ env: { PRICE_PRO_CENTS_YEAR: '2999' } });

  it('GET /api/plans is public and gives Pro at least three real advantages, none that needs AI or routing', async () => {
    const body = (await request(t.app).get('/api/plans').expect(200)).body;
    expect(body.features).toEqual({ ai: false, routing: false });
    expect(body.plans.map((p: { tier: string; price: string }) => [p.tier, p.price])).toEqual([
      ['free', 'kostenlos'],
      ['pro', '29,99\u00a0€ im Jahr'],
      ['breeder', '99,00\u00a0€ im Jahr'],
    ]);
    const advantages = body.rows.filter((r: { differs: boolean }) => r.differs);
    expect(advantages.map((r: { label: string; free: string; pro: string }) => [r.label, r.free, r.pro])).toEqual([
      ['Eigene Hunde', 'bis zu 3 Hunde', 'unbegrenzt'],
      ['Hund mit Familie und Betreuern teilen', 'bis zu 2 Personen pro Hund', 'bis zu 20 Personen pro Hund'],
      ['Fotos pro Tagebucheintrag', 'bis zu 10 Fotos', 'bis zu 100 Fotos'],
    ]);
    expect(JSON.stringify(body)).not.toMatch(/KI|Routenplanung/);
  });

  it('/tarife renders the same comparison: one card per plan, the head tags, revalidated; no AI row', async () => {
    const api = (await request(t.app).get('/api/plans').expect(200)).body;
    const res = await request(t.app).get('/tarife').expect(200).expect('Content-Type', /html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<link rel="canonical" href="http://127.0.0.1/tarife">');
    expect(res.text).toContain('<title>Tarife – Pfotenbuch</title>');
    expect(res.text.match(/class="plan-card"/g)).toHaveLength(3);
    const text = visible(res.text);
    for (const row of api.rows) for (const tier of ['free', 'pro', 'breeder']) expect(text).toContain(`${row.label} ${row[tier]}`);
    expect(res.text).toContain('29,99\u00a0€ im Jahr');
    expect(text).not.toMatch(/KI-|Routenplanung/);
    expect(res.text).not.toMatch(/<script(?! src="\/js\/session-link\.js)(?! type="application\/ld\+json")/);
  });

  it('/preise redirects 301 to /tarife; the sitemap, the landing page and the help link it', async () => {
    const res = await request(t.app).get('/preise').expect(301);
    expect(res.headers.location).toBe('/tarife');
    expect((await request(t.app).get('/sitemap.xml').expect(200)).text).toContain('<loc>http://127.0.0.1/tarife</loc>');
    const landing = (await request(t.app).get('/').expect(200)).text;
    expect(landing).toContain('<a class="button ghost" href="/tarife">Tarife vergleichen</a>');
    expect((await request(t.app).get('/help').expect(200)).text).toContain('<a href="/tarife">Die Tarife im Vergleich</a>');
  });

  it('the advantages are enforced: a Free account keeps 3 dogs, Pro and staff have more', async () => {
    const free = await buildUser(t.ctx);
    for (let i = 0; i < 3; i++)
      await agentAs(t, free)
        .post('/api/dogs')
        .send({ name: `Hund ${i}` })
        .expect(201);
    const refused = await agentAs(t, free).post('/api/dogs').send({ name: 'Einer zu viel' }).expect(422);
    expect(refused.body.error).toMatchObject({
      code: 'too_many_dogs',
      message: 'Mit Free kannst du bis zu 3 Hunde anlegen. Mit Pro sind es unbegrenzt viele.',
    });
    expect(await t.ctx.db.selectFrom('dogs').select('id').where('user_id', '=', free.id).execute()).toHaveLength(3);

    // Shared dogs are not one's own: a caregiver of other dogs still creates their first three.
    const pro = await buildUser(t.ctx, { subscription_tier: 'pro', is_premium: 1 });
    for (let i = 0; i < 4; i++) await buildDog(t.ctx, { user: pro });
    await agentAs(t, pro).post('/api/dogs').send({ name: 'Fünfter' }).expect(201);
    const admin = await buildAdmin(t.ctx);
    for (let i = 0; i < 3; i++) await buildDog(t.ctx, { user: admin });
    await agentAs(t, admin).post('/api/dogs').send({ name: 'Vierter' }).expect(201);
    // breeder_test is a trial with is_premium 0 (decisions): Free's limits.
    const trial = await buildUser(t.ctx, { subscription_tier: 'breeder_test' });
    for (let i = 0; i < 3; i++) await buildDog(t.ctx, { user: trial });
    await agentAs(t, trial).post('/api/dogs').send({ name: 'Vierter' }).expect(422);
  });

  it("a caregiver's photos count against the owner's plan, not their own", async () => {
    const owner = await buildUser(t.ctx);
    const helper = await buildUser(t.ctx, { subscription_tier: 'pro', is_premium: 1 });
    const dog = await buildDog(t.ctx, { user: owner });
    await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: helper.email }).expect(201);
    const invitation = (await agentAs(t, helper).get('/api/dog-invitations').expect(200)).body.items[0];
    await agentAs(t, helper).post(`/api/dog-invitations/${invitation.id}/accept`).expect(200);
    const entry = (await agentAs(t, helper).post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-06-15', text: 'Ausflug' }).expect(201)).body;
    for (let i = 0; i < 10; i++) await buildDiaryMedia(t.ctx, { entry: { id: entry.id, dog_id: dog.id } });
    const res = await agentAs(t, helper)
      .post(`/api/diary/${entry.id}/media`)
      .attach('files', await makeJpeg(), 'a.jpg')
      .expect(422);
    expect(res.body.error.code).toBe('too_many_photos');
  });
});

describe('the plan comparison where AI and route planning are configured', () => {
  const t = useTestApp({ env: { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_API_KEY: 'k', ROUTING_API_KEY: 'r' } });

  it('lists the AI and routing rows in the API and on /tarife', async () => {
    const body = (await request(t.app).get('/api/plans').expect(200)).body;
    expect(body.features).toEqual({ ai: true, routing: true });
    const labels = body.rows.map((r: { label: string }) => r.label);
    expect(labels).toEqual(expect.arrayContaining(['Routenplanung', 'KI-Auswertung von Notizen', 'KI-Trainingsplan']));
    const text = visible((await request(t.app).get('/tarife').expect(200)).text);
    expect(text).toContain('KI-Auswertung von Notizen 5 im Monat');
    expect(text).toContain('KI-Auswertung von Notizen unbegrenzt');
    expect(text).toContain('Routenplanung 20 pro Woche');
  });
});
