import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

// Rate limits on (the suite runs without them); no AI configured, so every allowed call is a 503 — the limiter runs first.
const t = useTestApp({ env: { RATE_LIMITS_ENABLED: 'true' } });

describe('AI rate limits (the spec: AI training endpoint 10 per hour)', () => {
  it('the 11th training plan within the hour is 429, for premium users too', async () => {
    const user = await buildUser(t.ctx, { is_premium: 1, subscription_tier: 'pro', notes_ki_enabled: 1 });
    const dog = await buildDog(t.ctx, { user });
    const agent = agentAs(t, user);
    for (let i = 0; i < 10; i++) await agent.post('/api/ai/training-plan').send({ dog_id: dog.id, goal: 'Rückruf' }).expect(503);
    const res = await agent.post('/api/ai/training-plan').send({ dog_id: dog.id, goal: 'Rückruf' }).expect(429);
    expect(res.body.error.code).toBe('rate_limited');
    // Another user has an hour of their own (and gets past the limiter to the ownership check).
    const other = await buildUser(t.ctx);
    await agentAs(t, other).post('/api/ai/training-plan').send({ dog_id: dog.id, goal: 'Rückruf' }).expect(403);
  });

  it('note analyses stop at 30 per hour per user', async () => {
    const user = await buildUser(t.ctx, { is_premium: 1, subscription_tier: 'pro', notes_ki_enabled: 1 });
    const dog = await buildDog(t.ctx, { user });
    const agent = agentAs(t, user);
    const note = await agent.post('/api/notes').send({ parent_type: 'dog', parent_id: dog.id, rubrik: 'Allgemein', text: 'Hallo' }).expect(201);
    for (let i = 0; i < 30; i++) await agent.post(`/api/notes/${note.body.id}/analysis`).expect(503);
    await agent.post(`/api/notes/${note.body.id}/analysis`).expect(429);
  });
});
