import { describe, expect, it } from 'vitest';
import { agentAs, buildDiaryMedia, buildDog, buildUser, type BuiltUser } from '../../../../test/helpers/factories.js';
import { createTestApp, useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

/** An owner with a dog and a caregiver who accepted the invitation (family sharing). */
async function family() {
  const owner = await buildUser(t.ctx, { name: 'Olga Halterin' });
  const carer = await buildUser(t.ctx, { name: 'Ben Betreuer' });
  const dog = await buildDog(t.ctx, { user: owner, name: 'Luna' });
  const invite = await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: carer.email }).expect(201);
  await agentAs(t, carer).post(`/api/dog-invitations/${invite.body.id}/accept`).expect(200);
  return { owner, carer, dog };
}

const write = (user: BuiltUser, dogId: number, title: string) =>
  agentAs(t, user).post(`/api/dogs/${dogId}/diary`).send({ date: '2026-11-20', title, text: 'Schöner Spaziergang.' }).expect(201);

describe('diary authorship (family sharing)', () => {
  it('stores who wrote an entry and names a caregiver in the list; the owner’s own entries carry no name', async () => {
    const { owner, carer, dog } = await family();
    const mine = await write(owner, dog.id, 'Vom Halter');
    const theirs = await write(carer, dog.id, 'Vom Betreuer');
    expect(mine.body).toMatchObject({ author_id: owner.id, author_name: null });
    expect(theirs.body).toMatchObject({ author_id: carer.id, author_name: 'Ben Betreuer' });
    const list = (await agentAs(t, owner).get(`/api/dogs/${dog.id}/diary`).expect(200)).body.items;
    expect(list.map((e: { title: string; author_name: string | null }) => [e.title, e.author_name])).toEqual([
      ['Vom Betreuer', 'Ben Betreuer'],
      ['Vom Halter', null],
    ]);
  });

  it('a caregiver changes and deletes only their own entries (403 on the owner’s, photos included); the owner changes all', async () => {
    const { owner, carer, dog } = await family();
    const mine = (await write(owner, dog.id, 'Vom Halter')).body;
    const theirs = (await write(carer, dog.id, 'Vom Betreuer')).body;
    const photo = await buildDiaryMedia(t.ctx, { entry: { id: mine.id, dog_id: dog.id } });

    const refused = await agentAs(t, carer).patch(`/api/diary/${mine.id}`).send({ title: 'Überschrieben' }).expect(403);
    expect(refused.body.error.message).toBe('Diesen Eintrag hat jemand anderes geschrieben. Du kannst nur deine eigenen Einträge ändern.');
    await agentAs(t, carer).delete(`/api/diary/${mine.id}`).expect(403);
    await agentAs(t, carer).delete(`/api/diary/media/${photo.id}`).expect(403);
    const still = (await agentAs(t, owner).get(`/api/diary/${mine.id}`).expect(200)).body;
    expect(still).toMatchObject({ title: 'Vom Halter' });
    expect(still.media).toHaveLength(1);

    await agentAs(t, carer).patch(`/api/diary/${theirs.id}`).send({ title: 'Korrigiert' }).expect(200);
    await agentAs(t, owner).patch(`/api/diary/${theirs.id}`).send({ title: 'Vom Halter korrigiert' }).expect(200);
    await agentAs(t, carer).delete(`/api/diary/${theirs.id}`).expect(204);
    await agentAs(t, owner).delete(`/api/diary/${mine.id}`).expect(204);
  });

  it('an entry stays when its caregiver deletes their account, without a name', async () => {
    const { owner, carer, dog } = await family();
    const theirs = (await write(carer, dog.id, 'Bleibt')).body;
    await agentAs(t, carer).delete('/api/me').send({ password: carer.password }).expect(204);
    const entry = (await agentAs(t, owner).get(`/api/diary/${theirs.id}`).expect(200)).body;
    expect(entry).toMatchObject({ title: 'Bleibt', author_id: null, author_name: null });
  });
});

describe('migration 0032', () => {
  it('fills in the dog’s owner as the author of every existing entry', async () => {
    const T0 = '2026-03-01T08:00:00.000Z';
    const ids = {} as { owner: number; entry: number };
    const app = await createTestApp({
      upgradeFrom: {
        migration: '0031_password_resets',
        async seed(db) {
          ids.owner = (
            await db
              .insertInto('users')
              .values({ email: 'alt@example.de', name: 'Alt', password_hash: 'x', created_at: T0, updated_at: T0 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
          const dog = await db
            .insertInto('dogs')
            .values({ user_id: ids.owner, name: 'Rex', created_at: T0, updated_at: T0 })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.entry = (
            await db
              .insertInto('diary_entries')
              .values({ dog_id: dog.id, date: '2026-02-01', text: 'Alter Eintrag', created_at: T0, updated_at: T0 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        },
      },
    });
    try {
      const row = await app.ctx.db.selectFrom('diary_entries').select('author_id').where('id', '=', ids.entry).executeTakeFirstOrThrow();
      expect(row.author_id).toBe(ids.owner);
    } finally {
      await app.close();
    }
  });
});
