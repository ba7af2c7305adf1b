import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeAiServer } from '../../../../test/fakes/ai-server.js';
import { agentAs, buildAdmin, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

const fake = new FakeAiServer();
await fake.start();
afterAll(() => fake.stop());
const clock = fixedClock('2026-11-20T10:00:00Z');
// A short timeout for the "slow provider" case; the client's one retry of a 429/500 waits a second.
const t = useTestApp({ clock, env: { AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '400' } });
const bare = useTestApp(); // no AI configured

const ANALYSIS = { summary: 'Bello frisst schlecht.', observations: ['weniger Appetit'], suggestions: ['Futter wechseln'], see_vet: true };
const PLAN = { title: 'Rückruf in 3 Wochen', weeks: [{ week: 1, focus: 'Name', exercises: [{ name: 'Namensspiel', description: 'Belohnen', minutes: 5 }] }] };

beforeEach(() => {
  fake.reset();
  fake.reply = (body) => (body.response_format?.json_schema?.name === 'training_plan' ? PLAN : ANALYSIS);
  clock.set('2026-11-20T10:00:00Z');
});

async function noteOf(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.ctx, { name: 'Olga Owner', notes_ki_enabled: 1, ...overrides });
  const dog = await buildDog(t.ctx, { user, name: 'Waldi', breed: 'Dackel', sex: 'male', birth_date: '2020-05-01' });
  const note = await agentAs(t, user)
    .post('/api/notes')
    .send({ parent_type: 'dog', parent_id: dog.id, rubrik: 'Fressen', text: 'Frisst seit zwei Tagen schlecht.' })
    .expect(201);
  return { user, dog, note: note.body as { id: number }, agent: agentAs(t, user) };
}
const stored = (id: number) => t.ctx.db.selectFrom('notes').select(['analysis_json']).where('id', '=', id).executeTakeFirstOrThrow();
const uses = (userId: number) => t.ctx.db.selectFrom('ai_usage').select('id').where('user_id', '=', userId).execute();

describe('note analysis', () => {
  it('stores the validated answer; the prompt has the note and the dog’s facts, never names or email', async () => {
    const { user, note, agent } = await noteOf();
    const res = await agent.post(`/api/notes/${note.id}/analysis`).expect(200);
    expect(res.body.analysis).toEqual(ANALYSIS);
    expect(JSON.parse((await stored(note.id)).analysis_json!)).toEqual(ANALYSIS);
    const prompt = JSON.stringify(fake.requests[0]?.body.messages);
    expect(prompt).toContain('Frisst seit zwei Tagen schlecht.');
    expect(prompt).toContain('Dackel');
    for (const secret of [user.email, 'Olga', 'Waldi']) expect(prompt).not.toContain(secret);
    await request(t.app).post(`/api/notes/${note.id}/analysis`).expect(401);
    await agentAs(t, await buildUser(t.ctx, { notes_ki_enabled: 1 }))
      .post(`/api/notes/${note.id}/analysis`)
      .expect(403);
    await agent.post('/api/notes/99999999/analysis').expect(404);
  });

  it('without consent 403 ai_consent_required, and nothing is sent', async () => {
    const { note, agent } = await noteOf({ notes_ki_enabled: 0 });
    expect((await agent.post(`/api/notes/${note.id}/analysis`).expect(403)).body.error.code).toBe('ai_consent_required');
    expect(fake.requests).toHaveLength(0);
  });

  for (const [mode, status, code] of [
    ['not_json', 502, 'ai_bad_answer'],
    ['wrong_schema', 502, 'ai_bad_answer'],
    ['refusal', 502, 'ai_refused'],
    ['length', 502, 'ai_bad_answer'],
    ['429', 503, 'ai_unavailable'],
    ['500', 503, 'ai_unavailable'],
    ['hang', 503, 'ai_unavailable'],
  ] as const) {
    it(`provider ${mode} → ${status} ${code} in German, nothing stored, the use given back`, async () => {
      const { user, note, agent } = await noteOf();
      fake.mode = mode;
      const res = await agent.post(`/api/notes/${note.id}/analysis`).expect(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).toMatch(/KI/);
      expect((await stored(note.id)).analysis_json).toBeNull();
      expect(await uses(user.id)).toEqual([]);
    });
  }

  it('free users: 5 a calendar month (Berlin), the 6th is 429 naming Pro; a new month opens again', async () => {
    const { user, note, agent } = await noteOf();
    for (let i = 0; i < 5; i++) await agent.post(`/api/notes/${note.id}/analysis`).expect(200);
    const refused = await agent.post(`/api/notes/${note.id}/analysis`).expect(429);
    expect(refused.body.error).toMatchObject({ code: 'ai_quota_exceeded', message: expect.stringContaining('Pro') });
    expect(fake.requests).toHaveLength(5);
    expect((await agentAs(t, user).get('/api/ai/status').expect(200)).body).toMatchObject({
      available: true,
      consent: true,
      premium: false,
      note_analyses_left: 0,
    });
    // Sessions are signed at the clock's time: a fresh cookie after each jump.
    clock.set('2026-11-30T22:59:00Z'); // still November in Berlin
    await agentAs(t, user).post(`/api/notes/${note.id}/analysis`).expect(429);
    clock.set('2026-11-30T23:01:00Z'); // 1 December, 00:01 in Berlin
    await agentAs(t, user).post(`/api/notes/${note.id}/analysis`).expect(200);
  });

  it('premium, admins and moderators have no monthly cap', async () => {
    for (const overrides of [{ is_premium: 1, subscription_tier: 'pro' }, { rolle: 'admin' }, { rolle: 'moderator' }]) {
      const { note, agent } = await noteOf(overrides);
      for (let i = 0; i < 7; i++) await agent.post(`/api/notes/${note.id}/analysis`).expect(200);
    }
  });
});

describe('training plan', () => {
  it('answers the validated plan; a free user gets one a week; 400/403/404', async () => {
    const { user, dog, agent } = await noteOf();
    const res = await agent.post('/api/ai/training-plan').send({ dog_id: dog.id, goal: 'Rückruf', minutes_per_day: 10 }).expect(200);
    expect(res.body).toEqual({ plan: PLAN });
    expect(JSON.stringify(fake.requests[0]?.body.messages)).toContain('10 Minuten');
    expect((await agent.post('/api/ai/training-plan').send({ dog_id: dog.id, goal: 'Sitz' }).expect(429)).body.error.message).toContain('Pro');
    clock.set('2026-11-27T10:01:00Z'); // seven days later
    await agentAs(t, user).post('/api/ai/training-plan').send({ dog_id: dog.id, goal: 'Sitz' }).expect(200);
    const later = agentAs(t, user);
    await later.post('/api/ai/training-plan').send({ goal: 'Sitz' }).expect(400);
    await later.post('/api/ai/training-plan').send({ dog_id: dog.id, goal: 'Sitz', minutes_per_day: 0 }).expect(400);
    await later.post('/api/ai/training-plan').send({ dog_id: dog.id, goal: 'Sitz', extra: 1 }).expect(400);
    await later.post('/api/ai/training-plan').send({ dog_id: 99999999, goal: 'Sitz' }).expect(404);
    const stranger = await buildAdmin(t.ctx, { notes_ki_enabled: 1 });
    await agentAs(t, stranger).post('/api/ai/training-plan').send({ dog_id: dog.id, goal: 'Sitz' }).expect(403);
  });
});

describe('without AI configuration', () => {
  it('503 ai_unavailable in German, and the status says so (the app hides the buttons)', async () => {
    const user = await buildUser(bare.ctx, { notes_ki_enabled: 1 });
    const dog = await buildDog(bare.ctx, { user });
    const agent = agentAs(bare, user);
    const note = await agent.post('/api/notes').send({ parent_type: 'dog', parent_id: dog.id, rubrik: 'x', text: 'y' }).expect(201);
    expect((await agent.post(`/api/notes/${note.body.id}/analysis`).expect(503)).body.error).toMatchObject({
      code: 'ai_unavailable',
      message: expect.stringContaining('nicht eingerichtet'),
    });
    await agent.post('/api/ai/training-plan').send({ dog_id: dog.id, goal: 'Sitz' }).expect(503);
    expect((await agent.get('/api/ai/status').expect(200)).body.available).toBe(false);
  });
});
