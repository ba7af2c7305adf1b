import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentAs, buildDiaryEntry, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fullTextHits, searchWords } from '#core/db/full-text.js';
import { DIARY_INDEX, RANKED_NEWEST } from './search.js';
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

describe('GET /api/diary/search: only the newest matches are ranked', () => {
  const N = RANKED_NEWEST;
  type Entry = { title: string | null; text: string; dogId: number };

  /** Writes entries in this order (ids ascending, oldest first) in multi-row inserts; returns their ids. */
  async function write(userId: number, entries: Entry[]): Promise<number[]> {
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (let k = 0; k < entries.length; k += 500) {
      const rows = entries
        .slice(k, k + 500)
        .map((e) => ({ dog_id: e.dogId, author_id: userId, date: '2026-10-01', title: e.title, text: e.text, created_at: now, updated_at: now }));
      const inserted = await t.ctx.db.insertInto('diary_entries').values(rows).returning('id').execute();
      ids.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
    }
    return ids;
  }

  /**
   * One user's diary with more matches of "Ball" than are ranked, oldest first: Luna's one entry; Bello's two
   * entries about a vaccination ("Tierarzt" in the first one's title), one with "Ball" in the title (best1), one with
   * "Tierarzt" in the title and "Ball" in the text, another with "Ball" in the title (best2), N − 3 with "Ball" in the
   * text (1,000 of them "beim Tierarzt", the others "im Park"), and the newest, "Ball beim Tierarzt". So Bello has
   * N + 1 entries with "Ball" (the user N + 2), 1,004 with "Tierarzt". Equal texts rank equally on both engines, so
   * equal ranks come newest first.
   */
  async function bigDiary() {
    const { user, dog, agent } = await owner();
    const luna = await buildDog(t.ctx, { user_id: user.id, name: 'Luna' });
    const ids = await write(user.id, [
      { dogId: luna.id, title: null, text: 'Ball im Garten' },
      { dogId: dog.id, title: 'Tierarzt', text: 'Impfung beim Tierarzt' },
      { dogId: dog.id, title: null, text: 'Impfung beim Tierarzt' },
      { dogId: dog.id, title: 'Ball', text: 'Ball im Park' },
      { dogId: dog.id, title: 'Tierarzt', text: 'Ball beim Tierarzt' },
      { dogId: dog.id, title: 'Ball', text: 'Ball im Park' },
      ...Array.from({ length: N - 3 }, (_, i) => ({ dogId: dog.id, title: null, text: i % 5 === 0 && i < 5000 ? 'Ball beim Tierarzt' : 'Ball im Park' })),
      { dogId: dog.id, title: null, text: 'Ball beim Tierarzt' },
    ]);
    const [lunaBall, vet1, vet2, best1, vetBall, best2] = ids as [number, number, number, number, number, number];
    const plainOldestFirst = ids.slice(6, -1);
    const newestFirst = (keep: (i: number) => boolean) => plainOldestFirst.filter((_, i) => keep(i)).reverse();
    const plain = newestFirst(() => true);
    const plainVet = newestFirst((i) => i % 5 === 0 && i < 5000);
    const plainPark = newestFirst((i) => !(i % 5 === 0 && i < 5000));
    const last = ids[ids.length - 1] as number;
    const search = async (q: string, dogId?: number) => {
      const body = (
        await agent
          .get('/api/diary/search')
          .query(dogId ? { q, dog_id: dogId } : { q })
          .expect(200)
      ).body;
      return { ids: body.items.map((h: { id: number }) => h.id) as number[], newest_only: body.newest_only as number };
    };
    return { dog, luna, agent, search, lunaBall, vet1, vet2, best1, vetBall, best2, plain, plainVet, plainPark, last };
  }

  let d: Awaited<ReturnType<typeof bigDiary>>;
  beforeAll(async () => {
    d = await bigDiary();
  });

  it('ranks every match of a rare word, of two words and of prefixes, as before, in a diary with more entries than are ranked', async () => {
    expect(d.plainVet).toHaveLength(1000);
    // 1,004 matches, all ranked: the two old entries with "Tierarzt" in the title lead; nothing left out.
    const vet = [d.vetBall, d.vet1, d.last, ...d.plainVet.slice(0, 47)];
    expect(await d.search('tierarzt')).toEqual({ ids: vet, newest_only: 0 });
    expect(await d.search('Tierar')).toEqual({ ids: vet, newest_only: 0 });
    expect(await d.search('Tierarzt Impfung')).toEqual({ ids: [d.vet1, d.vet2], newest_only: 0 });
    expect(await d.search('impf tierar')).toEqual({ ids: [d.vet1, d.vet2], newest_only: 0 });
    // A common and a rare word (1,002 matches): the old one with "Tierarzt" in its title first.
    const ballVet = [d.vetBall, d.last, ...d.plainVet.slice(0, 48)];
    expect(await d.search('ball tierarzt')).toEqual({ ids: ballVet, newest_only: 0 });
    expect(await d.search('bal tierar')).toEqual({ ids: ballVet, newest_only: 0 });
    // Two common words, together in fewer than N entries (3,999): the old title match best1 is ranked again.
    expect(await d.search('ball park')).toEqual({ ids: [d.best2, d.best1, ...d.plainPark.slice(0, 48)], newest_only: 0 });
    // The dog comes before the cap: Luna's one "Ball" entry is older than all of Bello's and still found.
    expect(await d.search('ball', d.luna.id)).toEqual({ ids: [d.lunaBall], newest_only: 0 });
  });

  it(`a word in more than ${N} entries: still 50 hits, the best of the newest ${N} matches, and the answer says so`, async () => {
    // Ranking all N + 1 of Bello's matches would put best1 second; it is the oldest, so it is not ranked.
    const newest = [d.best2, d.last, ...d.plain.slice(0, 48)];
    for (const dogId of [undefined, d.dog.id]) {
      const capped = await d.search('ball', dogId);
      expect(capped).toEqual({ ids: newest, newest_only: 1 });
      expect(capped.ids).not.toContain(d.best1);
    }
  });

  it(`exactly ${N} matches are all ranked, ${N + 1} are not`, async () => {
    await d.agent.delete(`/api/diary/${d.plain.at(-1)}`).expect(204);
    // Bello: N matches, best1 back in second place, nothing flagged.
    expect(await d.search('ball', d.dog.id)).toEqual({ ids: [d.best2, d.best1, d.last, ...d.plain.slice(0, 47)], newest_only: 0 });
    // The user: N + 1 (Luna's the oldest), so still flagged.
    const userWide = await d.search('ball');
    expect(userWide.newest_only).toBe(1);
    expect(userWide.ids.slice(0, 3)).toEqual([d.best2, d.best1, d.last]);
  });

  it('finds the newest matches the same way for a word common among recent entries and for one only in older ones (small cap)', async () => {
    // With a cap of 3, PostgreSQL looks among the newest 12 entries first and asks the index when fewer than 4
    // matches are there; the rule is the same either way. Oldest first: "Ball im Wald" as the title (the best hit for
    // either word), four more "Wald" entries, then 12 "Ball" entries.
    const { user, dog } = await owner();
    const other = await owner();
    const [best, ...rest] = await write(user.id, [
      { dogId: dog.id, title: 'Ball im Wald', text: 'Wald und Ball' },
      ...Array.from({ length: 4 }, () => ({ dogId: dog.id, title: null, text: 'Im Wald' })),
      ...Array.from({ length: 12 }, () => ({ dogId: dog.id, title: null, text: 'Mit Ball' })),
    ]);
    await write(
      other.user.id,
      Array.from({ length: 5 }, () => ({ dogId: other.dog.id, title: null, text: 'Im Wald mit Ball' })),
    );
    const [, , wald3, wald4, ...balls] = rest as [number, number, number, number, ...number[]];
    const hits = (q: string, newest: number) => fullTextHits(t.ctx.db, DIARY_INDEX, searchWords(q), { column: 'dog_id', ids: [dog.id] }, { limit: 2, newest });
    // "wald": 5 matches, none among the newest 12 entries.
    expect(await hits('wald', 3)).toEqual({ ids: [wald4, wald3], newestOnly: true });
    expect(await hits('wald', 5)).toEqual({ ids: [best, wald4], newestOnly: false });
    // "ball": 13 matches, the newest 12 entries among them.
    expect(await hits('ball', 3)).toEqual({ ids: [balls[11], balls[10]], newestOnly: true });
    expect(await hits('ball', 13)).toEqual({ ids: [best, balls[11]], newestOnly: false });
  });

  it('answers newest_only 0 for a small diary and with no hits', async () => {
    const { dog, agent } = await owner();
    await buildDiaryEntry(t.ctx, { dog, date: '2026-10-01', title: null, text: 'Ball im Park' });
    expect((await agent.get('/api/diary/search').query({ q: 'ball' }).expect(200)).body.newest_only).toBe(0);
    expect((await agent.get('/api/diary/search').query({ q: 'frisbee' }).expect(200)).body).toEqual({ items: [], newest_only: 0 });
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
