import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { fixedClock, MINUTE } from '#core/clock.js';
import { agentAs, buildAdmin, buildHelpArticle, buildModerator, buildUser } from '../../../../test/helpers/factories.js';
import { jsonLdOf } from '../../../../test/helpers/html.js';
import { allPages } from '../../../../test/helpers/paging.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const clock = fixedClock('2026-11-21T09:00:00.000Z');
const t = useTestApp({ clock });
const EVIL = '"><script>alert(1)</script>';

async function admin() {
  return agentAs(t, await buildAdmin(t.ctx));
}

async function create(body: Record<string, unknown>) {
  const res = await (await admin()).post('/api/admin/help-articles').send(body).expect(201);
  return res.body as { id: number; position: number };
}

describe('admin help-article endpoints', () => {
  it('are for admins only: 401 without session, 403 for users and moderators', async () => {
    await request(t.app).get('/api/admin/help-articles').expect(401);
    await request(t.app).post('/api/admin/help-articles').send({}).expect(401);
    const user = agentAs(t, await buildUser(t.ctx));
    await user.get('/api/admin/help-articles').expect(403);
    const moderator = agentAs(t, await buildModerator(t.ctx));
    await moderator.post('/api/admin/help-articles').send({ category: 'konto', title: 'X', body: 'Y', active: 1 }).expect(403);
    await moderator.patch('/api/admin/help-articles/1').send({ active: 0 }).expect(403);
    await moderator.delete('/api/admin/help-articles/1').expect(403);
  });

  it('creates an article (201) with German category label and the next position in its category', async () => {
    const a = await admin();
    const first = await a
      .post('/api/admin/help-articles')
      .send({ category: 'tarife', title: 'Was kostet Pro?', body: 'Pro kostet 4,99 € im Monat.', active: 1 })
      .expect(201);
    expect(first.body).toMatchObject({
      category: 'tarife',
      category_label: 'Tarife & Zahlung',
      title: 'Was kostet Pro?',
      active: 1,
      position: 0,
      created_at: '2026-11-21T09:00:00.000Z',
    });
    const second = await a
      .post('/api/admin/help-articles')
      .send({ category: 'tarife', title: 'Kann ich kündigen?', body: 'Ja, jederzeit.', active: true })
      .expect(201);
    expect(second.body).toMatchObject({ position: 1, active: 1 });
    const row = await t.ctx.db.selectFrom('help_articles').selectAll().where('id', '=', second.body.id).executeTakeFirstOrThrow();
    expect(row.title).toBe('Kann ich kündigen?');
  });

  it('answers 400 for an unknown field, a wrong type or an unknown category and 422 for over-long texts; nothing is stored', async () => {
    const a = await admin();
    const before = await t.ctx.db
      .selectFrom('help_articles')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const valid = { category: 'konto', title: 'Titel', body: 'Text', active: 1 };
    const unknown = await a
      .post('/api/admin/help-articles')
      .send({ ...valid, author: 'ich' })
      .expect(400);
    expect(unknown.body.error.fields.author).toBe('Unbekanntes Feld.');
    await a
      .post('/api/admin/help-articles')
      .send({ ...valid, active: 'ja' })
      .expect(400);
    await a
      .post('/api/admin/help-articles')
      .send({ ...valid, category: 'unbekannt' })
      .expect(400);
    await a.post('/api/admin/help-articles').send({ category: 'konto', title: 'T', body: 'B' }).expect(400);
    const longTitle = await a
      .post('/api/admin/help-articles')
      .send({ ...valid, title: 'x'.repeat(201) })
      .expect(422);
    expect(longTitle.body.error.fields.title).toBe('Höchstens 200 Zeichen.');
    await a
      .post('/api/admin/help-articles')
      .send({ ...valid, body: 'x'.repeat(10001) })
      .expect(422);
    await a
      .post('/api/admin/help-articles')
      .send({ ...valid, category: 'x'.repeat(101) })
      .expect(422);
    const after = await t.ctx.db
      .selectFrom('help_articles')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('edits, deactivates and deletes; 404 for a missing article', async () => {
    const a = await admin();
    const { id } = await buildHelpArticle(t.ctx, { category: 'app', title: 'Alt', body: 'Alt.' });
    clock.advance(MINUTE);
    const edited = await a.patch(`/api/admin/help-articles/${id}`).send({ title: 'Neu', active: 0 }).expect(200);
    expect(edited.body).toMatchObject({ id, title: 'Neu', body: 'Alt.', active: 0, updated_at: '2026-11-21T09:01:00.000Z' });
    await a
      .patch(`/api/admin/help-articles/${id}`)
      .send({ title: 'y'.repeat(201) })
      .expect(422);
    await a.patch(`/api/admin/help-articles/${id}`).send({ rubrik: 'x' }).expect(400);
    await a.patch('/api/admin/help-articles/999999').send({ title: 'X' }).expect(404);
    await a.delete(`/api/admin/help-articles/${id}`).expect(204);
    await a.delete(`/api/admin/help-articles/${id}`).expect(404);
    await a.patch('/api/admin/help-articles/abc').send({ title: 'X' }).expect(400);
  });

  it('orders a category’s articles all at once; 409 when the list given is not exactly the category’s; the page follows', async () => {
    await request(t.app)
      .put('/api/admin/help-articles/order')
      .send({ category: 'tarife', ids: [1] })
      .expect(401);
    await agentAs(t, await buildModerator(t.ctx))
      .put('/api/admin/help-articles/order')
      .send({ category: 'tarife', ids: [1] })
      .expect(403);
    const a = await admin();
    // The category may hold starter articles already: they belong to its order too, and stay behind ours.
    const starters = (await t.ctx.db.selectFrom('help_articles').select('id').where('category', '=', 'tarife').orderBy('id').execute()).map((r) => r.id);
    const first = await create({ category: 'tarife', title: 'Erster', body: 'A', active: 1 });
    const second = await create({ category: 'tarife', title: 'Zweiter', body: 'B', active: 1 });
    const third = await create({ category: 'tarife', title: 'Dritter', body: 'C', active: 0 });
    const other = await create({ category: 'konto', title: 'Anderswo', body: 'D', active: 1 });
    const titles = async () =>
      (await request(t.app).get('/api/help').expect(200)).body.categories
        .find((c: { key: string }) => c.key === 'tarife')
        .articles.map((x: { title: string }) => x.title)
        .filter((title: string) => ['Erster', 'Zweiter', 'Dritter'].includes(title));
    expect(await titles()).toEqual(['Erster', 'Zweiter']);

    const before = await t.ctx.db.selectFrom('help_articles').select(['id', 'position']).orderBy('id').execute();
    for (const ids of [
      [second.id, first.id, ...starters],
      [second.id, first.id, third.id, other.id, ...starters],
      [second.id, first.id, first.id, ...starters],
      [second.id, first.id, 999999, ...starters],
    ]) {
      const res = await a.put('/api/admin/help-articles/order').send({ category: 'tarife', ids }).expect(409);
      expect(res.body.error.code).toBe('help_order_outdated');
    }
    expect(await t.ctx.db.selectFrom('help_articles').select(['id', 'position']).orderBy('id').execute()).toEqual(before);
    await a.put('/api/admin/help-articles/order').send({ category: 'tarife', ids: [] }).expect(400);
    await a
      .put('/api/admin/help-articles/order')
      .send({ category: 'gibtsnicht', ids: [first.id] })
      .expect(400);
    await a
      .put('/api/admin/help-articles/order')
      .send({ category: 'tarife', ids: [first.id], extra: 1 })
      .expect(400);

    const order = [third.id, second.id, first.id, ...starters];
    const done = await a.put('/api/admin/help-articles/order').send({ category: 'tarife', ids: order }).expect(200);
    expect(done.body).toEqual({ category: 'tarife', ids: order });
    const positions = await t.ctx.db.selectFrom('help_articles').select(['id', 'position']).where('category', '=', 'tarife').orderBy('position').execute();
    expect(positions).toEqual(order.map((id, position) => ({ id, position })));
    // The public list follows at once (the cache is cleared), still without the inactive one.
    expect(await titles()).toEqual(['Zweiter', 'Erster']);
  });

  it('lists all articles, inactive ones too, with cursor pages', async () => {
    const a = await admin();
    await buildHelpArticle(t.ctx, { category: 'sonstiges', title: 'Inaktiv', body: 'B', active: 0 });
    const seen = (await allPages<{ id: number }>(a, '/api/admin/help-articles?limit=2')).flatMap((p) => p.items.map((i) => i.id));
    const all = await t.ctx.db.selectFrom('help_articles').select('id').orderBy('id').execute();
    expect(seen).toEqual(all.map((r) => r.id));
  });
});

describe('GET /help', () => {
  it('shows active articles grouped by category with German labels, each as a native expandable item', async () => {
    await t.ctx.db.deleteFrom('help_articles').execute();
    await create({ category: 'datenschutz', title: 'Wer sieht meine Daten?', body: 'Nur du.\n\nAußer du teilst etwas.', active: 1 });
    await create({ category: 'erste-schritte', title: 'Wie lege ich meinen Hund an?', body: 'Tippe auf „Hund anlegen“.', active: 1 });
    await create({ category: 'erste-schritte', title: 'Versteckt', body: 'Nicht aktiv.', active: 0 });
    const res = await request(t.app).get('/help').expect(200).expect('Content-Type', /html/);
    const html = res.text;
    expect(html).toContain('<h2 id="cat-erste-schritte">Erste Schritte</h2>');
    expect(html).toContain('<h2 id="cat-datenschutz">Datenschutz &amp; Sicherheit</h2>');
    expect(html.indexOf('Erste Schritte')).toBeLessThan(html.indexOf('Datenschutz &amp; Sicherheit'));
    expect(html).toMatch(/<details id="artikel-\d+">\s*<summary>Wie lege ich meinen Hund an\?<\/summary>/);
    expect(html).toContain('<p>Nur du.</p><p>Außer du teilst etwas.</p>');
    expect(html).not.toContain('Versteckt');
    expect(html).not.toContain('cat-konto');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json"| src="\/js\/session-link\.js)/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const css = (await request(t.app).get('/css/site.css').expect(200)).text;
    expect(css).toContain('@media (prefers-color-scheme: dark)');
  });

  it('links to the in-app help only when logged in', async () => {
    const anonymous = await request(t.app).get('/help').expect(200);
    expect(anonymous.text).not.toContain('href="/app/hilfe"');
    const user = await agentAs(t, await buildUser(t.ctx))
      .get('/help')
      .expect(200);
    expect(user.text).toContain('<a href="/app/hilfe">Zur Hilfe in der App</a>');
  });

  it('caches the list for a short time; admin changes show at once', async () => {
    await request(t.app).get('/help').expect(200);
    // Written past the service (another instance, say): the cached list does not see it yet.
    await buildHelpArticle(t.ctx, { category: 'karte', title: 'Direkt eingefügt', body: 'B' });
    expect((await request(t.app).get('/help')).text).not.toContain('Direkt eingefügt');
    clock.advance(61_000);
    expect((await request(t.app).get('/help')).text).toContain('Direkt eingefügt');

    const { id } = await create({ category: 'karte', title: 'Über die API', body: 'B', active: 1 });
    expect((await request(t.app).get('/help')).text).toContain('Über die API');
    await (await admin()).patch(`/api/admin/help-articles/${id}`).send({ active: 0 }).expect(200);
    expect((await request(t.app).get('/help')).text).not.toContain('Über die API');
  });

  it('escapes article texts in the page and in the FAQ JSON-LD', async () => {
    await create({ category: 'sonstiges', title: `Titel${EVIL}`, body: `Text${EVIL}</script><!--`, active: 1 });
    const html = (await request(t.app).get('/help').expect(200)).text;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('Titel&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.match(/<script(?! src="\/js\/session-link\.js)/g)).toHaveLength(1);
    const ld = jsonLdOf<{ '@type': string; mainEntity: { name: string }[] }>(html);
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity.map((q) => q.name)).toContain(`Titel${EVIL}`);
  });
});

describe('GET /api/help', () => {
  type PublicHelp = { categories: { key: string; label: string; articles: { id: number; title: string; body: string }[] }[] };
  const getHelp = async () => (await request(t.app).get('/api/help').expect(200).expect('Content-Type', /json/)).body as PublicHelp;

  it('is public and answers an empty list when no article is active', async () => {
    await t.ctx.db.deleteFrom('help_articles').execute();
    clock.advance(61_000);
    expect(await getHelp()).toEqual({ categories: [] });
    await create({ category: 'konto', title: 'Nur inaktiv', body: 'B', active: 0 });
    expect(await getHelp()).toEqual({ categories: [] });
  });

  it('groups the active articles by category with German labels, in the order of /help; bodies stay plain text', async () => {
    await t.ctx.db.deleteFrom('help_articles').execute();
    const privacy = await create({ category: 'datenschutz', title: 'Wer sieht meine Daten?', body: 'Nur du.\n\nAußer du teilst etwas.', active: 1 });
    const second = await create({ category: 'erste-schritte', title: 'Zweiter Schritt', body: `Danach${EVIL}`, active: 1, position: 5 });
    const first = await create({ category: 'erste-schritte', title: 'Erster Schritt', body: 'Zuerst.', active: 1, position: 1 });
    await create({ category: 'erste-schritte', title: 'Versteckt', body: 'Nicht aktiv.', active: 0 });
    await create({ category: 'karte', title: 'Auch versteckt', body: 'Nicht aktiv.', active: 0 });
    const help = await getHelp();
    expect(help).toEqual({
      categories: [
        {
          key: 'erste-schritte',
          label: 'Erste Schritte',
          articles: [
            { id: first.id, title: 'Erster Schritt', body: 'Zuerst.' },
            { id: second.id, title: 'Zweiter Schritt', body: `Danach${EVIL}` },
          ],
        },
        {
          key: 'datenschutz',
          label: 'Datenschutz & Sicherheit',
          articles: [{ id: privacy.id, title: 'Wer sieht meine Daten?', body: 'Nur du.\n\nAußer du teilst etwas.' }],
        },
      ],
    });
    // The page shows the same categories and articles in the same order.
    const html = (await request(t.app).get('/help').expect(200)).text;
    const pageCategories = [...html.matchAll(/<h2 id="cat-([a-z-]+)">/g)].map((m) => m[1]);
    expect(pageCategories).toEqual(help.categories.map((c) => c.key));
    const pageArticles = [...html.matchAll(/<details id="artikel-(\d+)">/g)].map((m) => Number(m[1]));
    expect(pageArticles).toEqual(help.categories.flatMap((c) => c.articles.map((a) => a.id)));
  });

  it('shares the short cache with /help: admin changes show at once, direct writes after at most 60 s', async () => {
    await getHelp();
    await buildHelpArticle(t.ctx, { category: 'tarife', title: 'Direkt in der DB', body: 'B' });
    expect(JSON.stringify(await getHelp())).not.toContain('Direkt in der DB');
    clock.advance(61_000);
    expect(JSON.stringify(await getHelp())).toContain('Direkt in der DB');

    const { id } = await create({ category: 'tarife', title: 'Gleich weg', body: 'B', active: 1 });
    expect(JSON.stringify(await getHelp())).toContain('Gleich weg');
    await (await admin()).patch(`/api/admin/help-articles/${id}`).send({ active: 0 }).expect(200);
    expect(JSON.stringify(await getHelp())).not.toContain('Gleich weg');
    expect((await request(t.app).get('/help')).text).not.toContain('Gleich weg');
  });

  it('is in the OpenAPI document as a public GET', async () => {
    const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    const op = doc.paths['/api/help']?.get;
    expect(op).toBeDefined();
    expect(op?.security).toEqual([]); // public: no session needed
    expect(Object.keys(op?.responses ?? {})).toContain('200');
  });
});
