import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { diaryMediaUrlPrefix, dogMediaUrlPrefix, dogPhotoUrlPrefix } from '#core/media/paths.js';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { isStored, storeTestFile, storedUnder } from '../../../../test/helpers/media.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

const bello = { name: 'Bello', breed: 'Labrador Retriever', breed_slug: 'labrador-retriever', bio: 'Frisst gern Socken.' };

async function createDog(user: { id: number; token_version: number }, body: Record<string, unknown> = bello) {
  const res = await agentAs(t, user).post('/api/dogs').send(body).expect(201);
  return res.body as { id: number; [k: string]: unknown };
}

describe('POST /api/dogs', () => {
  it('is 401 without a session', async () => {
    await request(t.app).post('/api/dogs').send(bello).expect(401);
  });

  it('creates the dog with every field and stores it for the owner', async () => {
    const user = await buildUser(t.ctx);
    const body = { ...bello, birth_date: '2020-05-17', sex: 'female', neutered: true, chip_number: '276098106543210', weight_kg: 28.5, color: 'schokobraun' };
    const dog = await createDog(user, body);
    expect(dog).toMatchObject({ ...body, neutered: 1, user_id: user.id, photo_url: null, breed_url: '/rassen/labrador-retriever' });
    const row = await t.ctx.db.selectFrom('dogs').selectAll().where('id', '=', dog.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, name: 'Bello', neutered: 1, weight_kg: 28.5, birth_date: '2020-05-17' });
  });

  it('answers 400 for a missing name, an unknown field, a wrong type, a bad date or slug, and stores nothing', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    const bad = [
      {},
      { name: '' },
      { ...bello, photo_url: '/media/x.jpg' },
      { ...bello, user_id: 1 },
      { ...bello, name: 42 },
      { ...bello, birth_date: '2020-02-30' },
      { ...bello, birth_date: '17.05.2020' },
      { ...bello, breed_slug: 'Labrador Retriever' },
      { ...bello, sex: 'rüde' },
      { ...bello, weight_kg: -3 },
    ];
    for (const body of bad) {
      const res = await agent.post('/api/dogs').send(body).expect(400);
      expect(res.body.error.fields).toBeDefined();
    }
    const future = await agent
      .post('/api/dogs')
      .send({ ...bello, birth_date: '2999-01-01' })
      .expect(400);
    expect(future.body.error.fields.birth_date).toMatch(/Zukunft/);
    expect(await t.ctx.db.selectFrom('dogs').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('answers 422 when name or breed exceed 80 or bio exceeds 2000 characters, and accepts the limits', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    for (const body of [{ name: 'n'.repeat(81) }, { name: 'Bello', breed: 'b'.repeat(81) }, { name: 'Bello', bio: 'x'.repeat(2001) }]) {
      const res = await agent.post('/api/dogs').send(body).expect(422);
      expect(res.body.error.code).toBe('too_long');
    }
    expect(await t.ctx.db.selectFrom('dogs').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    await agent
      .post('/api/dogs')
      .send({ name: 'n'.repeat(80), breed: 'b'.repeat(80), bio: 'x'.repeat(2000) })
      .expect(201);
  });
});

describe('GET /api/dogs', () => {
  it('lists only the own dogs, in pages', async () => {
    const user = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    await createDog(other, { name: 'Fremder' });
    for (const name of ['Anton', 'Berta', 'Cäsar']) await createDog(user, { name });
    await request(t.app).get('/api/dogs').expect(401);
    const first = await agentAs(t, user).get('/api/dogs?limit=2').expect(200);
    expect(first.body.items.map((d: { name: string }) => d.name)).toEqual(['Anton', 'Berta']);
    const second = await agentAs(t, user).get(`/api/dogs?limit=2&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body).toMatchObject({ items: [{ name: 'Cäsar' }], next_cursor: null });
  });
});

describe('GET, PATCH, DELETE /api/dogs/{dogId}', () => {
  it('is 401 without a session, 404 for a missing dog and 403 for another user’s dog', async () => {
    const owner = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const dog = await createDog(owner);
    await request(t.app).get(`/api/dogs/${dog.id}`).expect(401);
    for (const agent of [agentAs(t, stranger)]) {
      await agent.get(`/api/dogs/${dog.id}`).expect(403);
      await agent.patch(`/api/dogs/${dog.id}`).send({ name: 'Geklaut' }).expect(403);
      await agent.delete(`/api/dogs/${dog.id}`).expect(403);
      await agent.get('/api/dogs/999999').expect(404);
      await agent.patch('/api/dogs/999999').send({ name: 'X' }).expect(404);
      await agent.delete('/api/dogs/999999').expect(404);
    }
    await agentAs(t, owner).get('/api/dogs/abc').expect(400);
    const row = await t.ctx.db.selectFrom('dogs').select('name').where('id', '=', dog.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Bello');
  });

  it('reads and changes only the fields sent; null clears a field', async () => {
    const user = await buildUser(t.ctx);
    const dog = await createDog(user, { ...bello, color: 'gelb' });
    const got = await agentAs(t, user).get(`/api/dogs/${dog.id}`).expect(200);
    expect(got.body).toMatchObject({ name: 'Bello', color: 'gelb' });
    const res = await agentAs(t, user).patch(`/api/dogs/${dog.id}`).send({ bio: 'Neu', color: null, neutered: 0 }).expect(200);
    expect(res.body).toMatchObject({ name: 'Bello', breed: 'Labrador Retriever', bio: 'Neu', color: null, neutered: 0 });
    await agentAs(t, user)
      .patch(`/api/dogs/${dog.id}`)
      .send({ bio: 'y'.repeat(2001) })
      .expect(422);
    await agentAs(t, user).patch(`/api/dogs/${dog.id}`).send({ user_id: 5 }).expect(400);
    const row = await t.ctx.db.selectFrom('dogs').select(['bio', 'user_id']).where('id', '=', dog.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ bio: 'Neu', user_id: user.id });
  });

  it('deletes the dog and its media folder, and leaves other dogs’ folders alone', async () => {
    const user = await buildUser(t.ctx);
    const dog = await createDog(user);
    const keep = await createDog(user, { name: 'Bleibt' });
    for (const id of [dog.id, keep.id]) {
      await storeTestFile(t.ctx, `${dogPhotoUrlPrefix(user.id, id)}foto.webp`);
      await storeTestFile(t.ctx, `${diaryMediaUrlPrefix(user.id, id)}bild.jpg`);
    }
    await agentAs(t, user).delete(`/api/dogs/${dog.id}`).expect(204);
    expect(await t.ctx.db.selectFrom('dogs').select('id').where('id', '=', dog.id).executeTakeFirst()).toBeUndefined();
    expect(await storedUnder(t.ctx, dogMediaUrlPrefix(user.id, dog.id))).toEqual([]);
    expect(await isStored(t.ctx, `${dogPhotoUrlPrefix(user.id, keep.id)}foto.webp`)).toBe(true);
    expect(await isStored(t.ctx, `${diaryMediaUrlPrefix(user.id, keep.id)}bild.jpg`)).toBe(true);
    await agentAs(t, user).get(`/api/dogs/${dog.id}`).expect(404);
  });
});
