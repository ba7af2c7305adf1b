import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { HELP_CATEGORIES } from './help.categories.js';
import { STARTER_ARTICLES } from './starter-articles.js';
import { loadStarterHelp } from './starter-help.loader.js';

const t = useTestApp();
const titles = async () => (await t.ctx.db.selectFrom('help_articles').select('title').orderBy('id').execute()).map((r) => r.title);

describe('starter help articles', () => {
  it('cover the newcomer topics in known categories, with unique keys and plain paragraphs', () => {
    expect(new Set(STARTER_ARTICLES.map((a) => a.key)).size).toBe(STARTER_ARTICLES.length);
    for (const a of STARTER_ARTICLES) {
      expect(Object.keys(HELP_CATEGORIES)).toContain(a.category);
      expect(a.title.length).toBeLessThanOrEqual(200);
      expect(a.body.length).toBeLessThanOrEqual(10_000);
    }
    const categories = new Set(STARTER_ARTICLES.map((a) => a.category));
    for (const topic of ['konto', 'app', 'tarife', 'datenschutz', 'tagebuch']) expect(categories, topic).toContain(topic);
  });

  it('load once each, also when two instances start together, and never bring back or overwrite what an admin changed', async () => {
    const counts = await Promise.all([loadStarterHelp(t.ctx), loadStarterHelp(t.ctx)]);
    expect(counts[0] + counts[1]).toBe(STARTER_ARTICLES.length);
    expect(await titles()).toHaveLength(STARTER_ARTICLES.length);

    const admin = agentAs(t, await buildAdmin(t.ctx));
    const rows = await t.ctx.db.selectFrom('help_articles').select(['id', 'title']).orderBy('id').execute();
    await admin.patch(`/api/admin/help-articles/${rows[0]!.id}`).send({ title: 'Unser eigener Text' }).expect(200);
    await admin.delete(`/api/admin/help-articles/${rows[1]!.id}`).expect(204);
    expect(await loadStarterHelp(t.ctx)).toBe(0);
    const after = await titles();
    expect(after).toHaveLength(STARTER_ARTICLES.length - 1);
    expect(after[0]).toBe('Unser eigener Text');
    expect(after).not.toContain(rows[1]!.title);

    // A new starter article in a later version is added; the others stay as they are.
    const added = await loadStarterHelp(t.ctx, [...STARTER_ARTICLES, { key: 'neu', category: 'sonstiges', title: 'Neu dabei', body: 'Text.' }]);
    expect(added).toBe(1);
    expect(
      (
        await agentAs(t, await buildAdmin(t.ctx))
          .get('/api/help')
          .expect(200)
      ).text,
    ).toContain('Neu dabei');
  });
});
