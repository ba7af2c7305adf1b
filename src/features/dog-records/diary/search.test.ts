import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDiaryEntry, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { searchWords } from '../../../core/db/full-text.js';
import { searchExcerpt } from './search-excerpt.js';

const t = useTestApp();

async function owner() {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user, name: 'Bello' });
  return { user, dog, agent: agentAs(t, user) };
}

describe('GET /api/diary/search', () => {
  it('finds entries by title and text, every word as a prefix, title matches first, with a marked excerpt', async () => {
    const { dog, agent } = await owner();
    const inText = await buildDiaryEntry(t.ctx, { dog, date: '2026-10-01', title: 'Sonntag', text: 'Langer Spaziergang am Kanal, Bello war begeistert.' });
    const inTitle = await buildDiaryEntry(t.ctx, { dog, date: '2026-10-02', title: 'Spaziergang im Schnee', text: 'Kalt, aber schön.' });
    await buildDiaryEntry(t.ctx, { dog, date: '2026-10-03', title: 'Tierarzt', text: 'Impfung aufgefrischt.' });
    const hits = (await agent.get('/api/diary/search').query({ q: 'spazier' }).expect(200)).body.items;
    expect(hits.map((h: { id: number }) => h.id)).toEqual([inTitle.id, inText.id]);
    expect(hits[1].excerpt).toBe('Langer <mark>Spaziergang</mark> am Kanal, Bello war begeistert.');
    expect(hits[0].excerpt).toBe('<mark>Spaziergang</mark> im Schnee');
    // Every word must match.
    expect((await agent.get('/api/diary/search').query({ q: 'Spaziergang Kanal' }).expect(200)).body.items.map((h: { id: number }) => h.id)).toEqual([
      inText.id,
    ]);
    expect((await agent.get('/api/diary/search').query({ q: 'Spaziergang Tierarzt' }).expect(200)).body.items).toEqual([]);
  });

  it('folds accents and case the same in the index and the excerpt; text is escaped, only <mark> is markup', async () => {
    const { dog, agent } = await owner();
    const e = await buildDiaryEntry(t.ctx, { dog, date: '2026-10-01', title: null, text: 'Bello hat <b>Käse</b> & Wurst geklaut' });
    const hits = (await agent.get('/api/diary/search').query({ q: 'KÄSE' }).expect(200)).body.items;
    expect(hits.map((h: { id: number }) => h.id)).toEqual([e.id]);
    expect(hits[0].excerpt).toBe('Bello hat &lt;b&gt;<mark>Käse</mark>&lt;/b&gt; &amp; Wurst geklaut');
  });

  it('takes no query syntax from the user and needs 2 characters', async () => {
    const { dog, agent } = await owner();
    await buildDiaryEntry(t.ctx, { dog, date: '2026-10-01', title: 'Wald', text: 'Pilze gesucht' });
    for (const q of ['"Wald', 'Wald OR x*', 'NEAR(Wald)', 'Wald:* | !x', "Wald') --"]) {
      const res = await agent.get('/api/diary/search').query({ q }).expect(200);
      expect(res.body.items.length, q).toBeLessThanOrEqual(1);
    }
    expect((await agent.get('/api/diary/search').query({ q: '!!' }).expect(200)).body.items).toEqual([]);
    const short = await agent.get('/api/diary/search').query({ q: 'W' }).expect(400);
    expect(short.body.error.fields.q).toBe('Mindestens 2 Zeichen.');
    await agent.get('/api/diary/search').expect(400);
  });

  it('keeps to the user’s dogs (one with dog_id), follows edits and deletions; 401, 403, 404', async () => {
    const { dog, agent } = await owner();
    const second = await buildDog(t.ctx, {
      user_id: (await t.ctx.db.selectFrom('dogs').select('user_id').where('id', '=', dog.id).executeTakeFirstOrThrow()).user_id,
      name: 'Luna',
    });
    const a = (await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-10-01', text: 'Frisbee im Park' }).expect(201)).body;
    const b = (await agent.post(`/api/dogs/${second.id}/diary`).send({ date: '2026-10-02', text: 'Frisbee am Strand' }).expect(201)).body;
    const stranger = await owner();
    await buildDiaryEntry(t.ctx, { dog: stranger.dog, date: '2026-10-01', text: 'Frisbee fremd' });
    const ids = async (query: Record<string, unknown>) =>
      (await agent.get('/api/diary/search').query(query).expect(200)).body.items.map((h: { id: number }) => h.id);
    expect((await ids({ q: 'frisbee' })).sort()).toEqual([a.id, b.id].sort());
    expect(await ids({ q: 'frisbee', dog_id: second.id })).toEqual([b.id]);
    await agent.patch(`/api/diary/${a.id}`).send({ text: 'Ball im Park' }).expect(200);
    expect(await ids({ q: 'frisbee' })).toEqual([b.id]);
    expect(await ids({ q: 'ball' })).toEqual([a.id]);
    await agent.delete(`/api/diary/${b.id}`).expect(204);
    expect(await ids({ q: 'frisbee' })).toEqual([]);
    await request(t.app).get('/api/diary/search').query({ q: 'frisbee' }).expect(401);
    await agent.get('/api/diary/search').query({ q: 'frisbee', dog_id: stranger.dog.id }).expect(403);
    await agent.get('/api/diary/search').query({ q: 'frisbee', dog_id: 999999 }).expect(404);
  });
});

describe('search words and excerpts', () => {
  it('keeps letters and digits only, at most 8 words', () => {
    expect(searchWords('  "Käse" OR  wurst*  (NEAR) 2026 ')).toEqual(['käse', 'or', 'wurst', 'near', '2026']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('cuts a long text around the first hit', () => {
    const text = `${'Vorher '.repeat(30)}Treffer hier ${'nachher '.repeat(30)}`;
    const excerpt = searchExcerpt(null, text, ['treffer']);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('<mark>Treffer</mark> hier');
  });
});
