import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDiaryEntry, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { sweepOrphanedNotesJob } from './notes.jobs.js';

const t = useTestApp();

async function owner() {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user, sex: 'female' });
  return { user, dog, a: agentAs(t, user) };
}
const note = (parent_type: string, parent_id: number, extra: Record<string, unknown> = {}) => ({
  parent_type,
  parent_id,
  rubrik: 'Allgemein',
  text: 'Notiz',
  ...extra,
});

describe('notes', () => {
  it('attach to seven parent types (walks: see walks.test.ts); a missing walk 404; unknown type 400', async () => {
    const { dog, a } = await owner();
    const entry = await buildDiaryEntry(t.ctx, { dog });
    const ids: Record<string, number> = {
      dog: dog.id,
      diary_entry: entry.id,
      vet_visit: (await a.post(`/api/dogs/${dog.id}/vet-visits`).send({ date: '2026-01-02', reason: 'Check' }).expect(201)).body.id,
      heat_cycle: (await a.post(`/api/dogs/${dog.id}/heat-cycles`).send({ start_date: '2026-01-02' }).expect(201)).body.id,
      care_routine: (await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'claws', intervall_tage: 14 }).expect(201)).body.id,
      expense: (await a.post(`/api/dogs/${dog.id}/expenses`).send({ date: '2026-01-02', amount_cents: 100, category: 'futter' }).expect(201)).body.id,
      training_session: (await a.post(`/api/dogs/${dog.id}/training-sessions`).send({ date: '2026-01-02', skill: 'Sitz', duration_min: 5 }).expect(201)).body
        .id,
    };
    for (const [type, id] of Object.entries(ids)) {
      const made = await a
        .post('/api/notes')
        .send(note(type, id, { meta_json: { chip: type } }))
        .expect(201);
      expect(made.body).toMatchObject({ parent_type: type, parent_id: id, meta_json: { chip: type }, analysis: null });
      expect((await a.get(`/api/notes?parent_type=${type}&parent_id=${id}`).expect(200)).body.items).toHaveLength(1);
    }
    await a.post('/api/notes').send(note('walk', 1)).expect(404);
    await a.post('/api/notes').send(note('forum_post', 1)).expect(400);
    await a.get('/api/notes?parent_type=cat&parent_id=1').expect(400);
    await request(t.app).post('/api/notes').send(note('dog', dog.id)).expect(401);
  });

  it('5000 characters pass, 5001 → 422; meta_json over 4,000 → 422; missing parent 404, another’s 403 (also for caregivers)', async () => {
    const { user, dog, a } = await owner();
    await a
      .post('/api/notes')
      .send(note('dog', dog.id, { text: 'x'.repeat(5000) }))
      .expect(201);
    await a
      .post('/api/notes')
      .send(note('dog', dog.id, { text: 'x'.repeat(5001) }))
      .expect(422);
    await a
      .post('/api/notes')
      .send(note('dog', dog.id, { meta_json: { big: 'x'.repeat(4100) } }))
      .expect(422);
    await a
      .post('/api/notes')
      .send(note('dog', dog.id, { extra: 1 }))
      .expect(400);
    await a.post('/api/notes').send(note('dog', 99999999)).expect(404);
    await a.post('/api/notes').send(note('expense', 99999999)).expect(404);
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.post('/api/notes').send(note('dog', dog.id)).expect(403);
    await stranger.get(`/api/notes?parent_type=dog&parent_id=${dog.id}`).expect(403);
    const friend = await buildUser(t.ctx);
    await shareDog(t, a, dog.id, friend);
    await agentAs(t, friend).get(`/api/notes?parent_type=dog&parent_id=${dog.id}`).expect(403);
    const mine = await a.post('/api/notes').send(note('dog', dog.id)).expect(201);
    await stranger.patch(`/api/notes/${mine.body.id}`).send({ text: 'fremd' }).expect(403);
    await stranger.delete(`/api/notes/${mine.body.id}`).expect(403);
    await a.get('/api/notes/99999999').expect(404);
    expect(user.id).toBeGreaterThan(0);
  });

  it('a new text drops the stored analysis, a new rubrik keeps it; the sweep removes notes of deleted records; a dog takes its notes', async () => {
    const { dog, a } = await owner();
    const n = await a.post('/api/notes').send(note('dog', dog.id)).expect(201);
    const analysis = JSON.stringify({ summary: 's', observations: [], suggestions: [], see_vet: false });
    await t.ctx.db.updateTable('notes').set({ analysis_json: analysis, analysed_at: 'x' }).where('id', '=', n.body.id).execute();
    expect((await a.patch(`/api/notes/${n.body.id}`).send({ rubrik: 'Neu' }).expect(200)).body.analysis).not.toBeNull();
    expect((await a.patch(`/api/notes/${n.body.id}`).send({ text: 'Anders' }).expect(200)).body.analysis).toBeNull();

    const expense = await a.post(`/api/dogs/${dog.id}/expenses`).send({ date: '2026-01-02', amount_cents: 100, category: 'futter' }).expect(201);
    const onExpense = await a.post('/api/notes').send(note('expense', expense.body.id)).expect(201);
    await a.delete(`/api/expenses/${expense.body.id}`).expect(204);
    expect(await sweepOrphanedNotesJob.run(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.selectFrom('notes').select('id').where('id', '=', onExpense.body.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('notes').select('id').where('id', '=', n.body.id).execute()).toHaveLength(1);

    await a.delete(`/api/dogs/${dog.id}`).expect(204);
    expect(await t.ctx.db.selectFrom('notes').select('id').where('id', '=', n.body.id).execute()).toEqual([]);
  });
});
