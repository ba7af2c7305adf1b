import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../../../../test/fakes/photos.js';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { isStored } from '../../../../test/helpers/media.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

const clock = fixedClock('2026-11-21T10:00:00Z');
const t = useTestApp({ clock });

async function ownerWithDog() {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user });
  return { user, dog, agent: agentAs(t, user) };
}

describe('POST /api/dogs/:dogId/diary', () => {
  it('is 401 without a session', async () => {
    await request(t.app).post('/api/dogs/1/diary').send({ date: '2026-11-20', text: 'x' }).expect(401);
  });

  it('creates an entry with title, mood and tags (each tag once)', async () => {
    const { dog, agent } = await ownerWithDog();
    const res = await agent
      .post(`/api/dogs/${dog.id}/diary`)
      .send({ date: '2026-11-20', title: '  Am See ', text: 'Bello ist geschwommen.', mood: 'happy', tags: ['See', 'schwimmen', 'see'] })
      .expect(201);
    expect(res.body).toMatchObject({ dog_id: dog.id, date: '2026-11-20', title: 'Am See', mood: 'happy', tags: ['See', 'schwimmen'], media: [], lat: null });
    const row = await t.ctx.db.selectFrom('diary_entries').select(['text', 'tags_json']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ text: 'Bello ist geschwommen.', tags_json: '["See","schwimmen"]' });
  });

  it('answers 400 for an unknown field, a wrong type, a bad date and a date in the future', async () => {
    const { dog, agent } = await ownerWithDog();
    const unknown = await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-20', text: 'x', user_id: 5 }).expect(400);
    expect(unknown.body.error.fields.user_id).toBeDefined();
    await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-20', text: 42 }).expect(400);
    await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-02-30', text: 'x' }).expect(400);
    await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '20.11.2026', text: 'x' }).expect(400);
    await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-20', text: 'x', mood: 'grumpy' }).expect(400);
    const future = await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-22', text: 'x' }).expect(400);
    expect(future.body.error.fields.date).toBe('Das Datum liegt in der Zukunft.');
    // "Today" is a day in Europe/Berlin: at 23:30 UTC on the 21st it is already the 22nd there.
    clock.set('2026-11-21T23:30:00Z');
    await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-22', text: 'x' }).expect(201);
    clock.set('2026-11-21T10:00:00Z');
  });

  it('needs a title or a text, on create and on change (400), and takes either alone', async () => {
    const { dog, agent } = await ownerWithDog();
    const none = await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-20', text: '  ' }).expect(400);
    expect(none.body.error.fields.text).toBe('Gib dem Eintrag eine Überschrift oder schreib ein paar Worte dazu.');
    await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-20', title: ' ', text: '' }).expect(400);
    const titled = (await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-20', title: 'Erster Schnee', text: '' }).expect(201)).body;
    await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-20', text: 'Nur Text' }).expect(201);
    await agent.patch(`/api/diary/${titled.id}`).send({ title: null }).expect(400);
    await agent.patch(`/api/diary/${titled.id}`).send({ title: null, text: 'Jetzt mit Text' }).expect(200);
    expect((await agent.get(`/api/diary/${titled.id}`).expect(200)).body).toMatchObject({ title: null, text: 'Jetzt mit Text' });
  });

  it('rejects a text of 50,000 characters with 422 and keeps one of 10,000', async () => {
    const { dog, agent } = await ownerWithDog();
    const res = await agent
      .post(`/api/dogs/${dog.id}/diary`)
      .send({ date: '2026-11-20', text: 'a'.repeat(50_000) })
      .expect(422);
    expect(res.body.error.fields.text).toBe('Höchstens 10000 Zeichen.');
    await agent
      .post(`/api/dogs/${dog.id}/diary`)
      .send({ date: '2026-11-20', text: 'a'.repeat(10_001) })
      .expect(422);
    await agent
      .post(`/api/dogs/${dog.id}/diary`)
      .send({ date: '2026-11-20', text: 'a'.repeat(10_000) })
      .expect(201);
    await agent
      .post(`/api/dogs/${dog.id}/diary`)
      .send({ date: '2026-11-20', text: 'x', title: 't'.repeat(201) })
      .expect(422);
    await agent
      .post(`/api/dogs/${dog.id}/diary`)
      .send({ date: '2026-11-20', text: 'x', tags: ['t'.repeat(41)] })
      .expect(422);
    const count = await t.ctx.db
      .selectFrom('diary_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('dog_id', '=', dog.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("is 403 for another user's dog and 404 for a missing one", async () => {
    const { dog } = await ownerWithDog();
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-20', text: 'x' }).expect(403);
    await stranger.post('/api/dogs/999999/diary').send({ date: '2026-11-20', text: 'x' }).expect(404);
  });
});

describe('GET /api/diary/entries', () => {
  it("lists all of the user's dogs' entries newest first in cursor pages, or one dog's; never another user's", async () => {
    const { dog, agent, user } = await ownerWithDog();
    const luna = await buildDog(t.ctx, { user, name: 'Luna' });
    await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-01', text: 'Bello eins' }).expect(201);
    await agent.post(`/api/dogs/${luna.id}/diary`).send({ date: '2026-11-03', text: 'Luna drei' }).expect(201);
    await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-02', text: 'Bello zwei' }).expect(201);
    const other = await ownerWithDog();
    await other.agent.post(`/api/dogs/${other.dog.id}/diary`).send({ date: '2026-11-04', text: 'fremd' }).expect(201);
    const first = await agent.get('/api/diary/entries?limit=2').expect(200);
    expect(first.body.items.map((e: { text: string }) => e.text)).toEqual(['Luna drei', 'Bello zwei']);
    const second = await agent.get(`/api/diary/entries?limit=2&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body).toMatchObject({ items: [{ text: 'Bello eins' }], next_cursor: null });
    expect((await agent.get(`/api/diary/entries?dog_id=${luna.id}`).expect(200)).body.items).toHaveLength(1);
    await agent.get(`/api/diary/entries?dog_id=${other.dog.id}`).expect(403);
    await agent.get('/api/diary/entries?dog_id=999999').expect(404);
    await request(t.app).get('/api/diary/entries').expect(401);
  });
});

describe('GET /api/dogs/:dogId/diary', () => {
  it('lists newest first in cursor pages, filtered by date range', async () => {
    const { dog, agent } = await ownerWithDog();
    for (const date of ['2026-11-01', '2026-11-03', '2026-11-03', '2026-11-02', '2026-10-30']) {
      await agent.post(`/api/dogs/${dog.id}/diary`).send({ date, text: date }).expect(201);
    }
    const first = await agent.get(`/api/dogs/${dog.id}/diary?limit=2`).expect(200);
    expect(first.body.items.map((e: { date: string }) => e.date)).toEqual(['2026-11-03', '2026-11-03']);
    expect(first.body.items[0].id).toBeGreaterThan(first.body.items[1].id);
    const second = await agent.get(`/api/dogs/${dog.id}/diary?limit=2&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body.items.map((e: { date: string }) => e.date)).toEqual(['2026-11-02', '2026-11-01']);
    const third = await agent.get(`/api/dogs/${dog.id}/diary?limit=2&cursor=${second.body.next_cursor}`).expect(200);
    expect(third.body).toMatchObject({ items: [{ date: '2026-10-30' }], next_cursor: null });
    const november = await agent.get(`/api/dogs/${dog.id}/diary?from=2026-11-02&to=2026-11-03`).expect(200);
    expect(november.body.items).toHaveLength(3);
    await agent.get(`/api/dogs/${dog.id}/diary?cursor=kaputt`).expect(400);
  });

  it("is 401 without a session, 403 for another user's dog, 404 for a missing one", async () => {
    const { dog } = await ownerWithDog();
    await request(t.app).get(`/api/dogs/${dog.id}/diary`).expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .get(`/api/dogs/${dog.id}/diary`)
      .expect(403);
    await agentAs(t, await buildUser(t.ctx))
      .get('/api/dogs/999999/diary')
      .expect(404);
  });
});

describe('GET, PATCH, DELETE /api/diary/:entryId', () => {
  async function entryOf() {
    const owner = await ownerWithDog();
    const res = await owner.agent
      .post(`/api/dogs/${owner.dog.id}/diary`)
      .send({ date: '2026-11-20', text: 'Spaziergang', tags: ['Wald'] })
      .expect(201);
    return { ...owner, entryId: res.body.id as number };
  }

  it("reads and changes the owner's entry; another user gets 403, a missing entry 404", async () => {
    const { agent, entryId } = await entryOf();
    await agent.get(`/api/diary/${entryId}`).expect(200);
    const patched = await agent.patch(`/api/diary/${entryId}`).send({ title: 'Im Wald', mood: null, tags: [] }).expect(200);
    expect(patched.body).toMatchObject({ title: 'Im Wald', text: 'Spaziergang', mood: null, tags: [] });
    await agent
      .patch(`/api/diary/${entryId}`)
      .send({ text: 'b'.repeat(50_000) })
      .expect(422);
    await agent.patch(`/api/diary/${entryId}`).send({ dog_id: 3 }).expect(400);
    const future = await agent.patch(`/api/diary/${entryId}`).send({ date: '2026-11-22' }).expect(400);
    expect(future.body.error.fields.date).toBe('Das Datum liegt in der Zukunft.');
    await agent
      .patch(`/api/diary/${entryId}`)
      .send({ title: 't'.repeat(201) })
      .expect(422);
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.get(`/api/diary/${entryId}`).expect(403);
    await stranger.patch(`/api/diary/${entryId}`).send({ title: 'Meins' }).expect(403);
    await stranger.delete(`/api/diary/${entryId}`).expect(403);
    await agent.get('/api/diary/999999').expect(404);
    await agent.patch('/api/diary/999999').send({ title: 'x' }).expect(404);
    await agent.delete('/api/diary/999999').expect(404);
    await request(t.app).get(`/api/diary/${entryId}`).expect(401);
    expect((await agent.get(`/api/diary/${entryId}`).expect(200)).body.title).toBe('Im Wald');
  });

  it('deletes the entry with its media rows, files and daily-photo cache rows', async () => {
    const { agent, dog, entryId } = await entryOf();
    const upload = await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg(), 'a.jpg')
      .expect(201);
    const media = upload.body.items[0] as { url: string; preview_url: string };
    const files = [media.url, media.preview_url];
    const stored = () => Promise.all(files.map((url) => isStored(t.ctx, url)));
    expect(await stored()).toEqual([true, true]);
    await agent.get('/api/welcome-dashboard').expect(200);
    expect(await t.ctx.db.selectFrom('daily_photos').select('url').where('dog_id', '=', dog.id).execute()).toEqual([{ url: media.url }]);

    await agent.delete(`/api/diary/${entryId}`).expect(204);
    await agent.get(`/api/diary/${entryId}`).expect(404);
    expect(await t.ctx.db.selectFrom('diary_media').select('id').where('entry_id', '=', entryId).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('daily_photos').select('url').where('dog_id', '=', dog.id).execute()).toEqual([]);
    expect(await stored()).toEqual([false, false]);
  });

  it('goes with its dog (ON DELETE CASCADE)', async () => {
    const { dog, entryId } = await entryOf();
    await t.ctx.db.deleteFrom('dogs').where('id', '=', dog.id).execute();
    expect(await t.ctx.db.selectFrom('diary_entries').select('id').where('id', '=', entryId).execute()).toEqual([]);
  });
});
