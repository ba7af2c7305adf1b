import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

/**
 * The health kinds on the per-dog record module, one row each: a valid body, what it stores, a bad body,
 * an over-long one (limit + 1 → 422, the limit itself passes) and a change.
 */
interface KindCase {
  path: string;
  table: string;
  valid: Record<string, unknown>;
  stored: Record<string, unknown>;
  bad: Record<string, unknown>[];
  tooLong: { field: string; limit: number; base: Record<string, unknown> };
  patch: Record<string, unknown>;
  /** The date column the list is sorted by (newest first). */
  orderBy?: string;
}

const KINDS: KindCase[] = [
  {
    path: 'vaccinations',
    table: 'vaccinations',
    valid: { vaccine: 'Tollwut', date: '2026-03-01', next_due: '2027-03-01', batch_number: 'CH-123', vet_name: 'Dr. Wau', notes: 'gut vertragen' },
    stored: { vaccine: 'Tollwut', date: '2026-03-01', next_due: '2027-03-01', batch_number: 'CH-123' },
    bad: [
      {},
      { vaccine: 'Tollwut' },
      { vaccine: 'Tollwut', date: '2026-02-30' },
      { vaccine: 'Tollwut', date: '2026-03-01', extra: 1 },
      { vaccine: 'Tollwut', date: '2026-03-01', next_due: '2026-01-01' },
      { vaccine: 'Tollwut', date: '2999-01-01' },
    ],
    tooLong: { field: 'vaccine', limit: 200, base: { date: '2026-03-01' } },
    patch: { notes: 'Nachtrag' },
    orderBy: 'date',
  },
  {
    path: 'vet-visits',
    table: 'vet_visits',
    valid: { date: '2026-04-02', reason: 'Ohrenentzündung', diagnosis: 'Otitis', treatment: 'Tropfen', cost_cents: 8950 },
    stored: { reason: 'Ohrenentzündung', cost_cents: 8950 },
    bad: [
      { date: '2026-04-02' },
      { date: '2026-04-31', reason: 'x' },
      { date: '2026-04-02', reason: 'x', cost_cents: 12.5 },
      { date: '2026-04-02', reason: 'x', cost_cents: -1 },
      { date: '2026-04-02', reason: 'x', cost: 1 },
    ],
    tooLong: { field: 'diagnosis', limit: 5000, base: { date: '2026-04-02', reason: 'Kontrolle' } },
    patch: { cost_cents: 1000 },
    orderBy: 'date',
  },
  {
    path: 'weights',
    table: 'weights',
    valid: { date: '2026-05-01', weight_kg: 28.4 },
    stored: { date: '2026-05-01', weight_kg: 28.4 },
    bad: [
      { date: '2026-05-01', weight_kg: 0 },
      { date: '2026-05-01', weight_kg: -2 },
      { date: '2026-05-01', weight_kg: 150.1 },
      { date: '2026-05-01', weight_kg: '28' },
      { weight_kg: 20 },
      { date: '2026-02-30', weight_kg: 20 },
    ],
    tooLong: { field: 'date', limit: 10, base: { weight_kg: 20 } },
    patch: { weight_kg: 29 },
    orderBy: 'date',
  },
  {
    path: 'medications',
    table: 'medications',
    valid: { name: 'Apoquel', dosage: '16 mg', start_date: '2026-05-01', end_date: '2026-06-01', schedule: 'morgens', notes: 'mit Futter' },
    stored: { name: 'Apoquel', end_date: '2026-06-01' },
    bad: [
      { name: 'Apoquel' },
      { name: 'Apoquel', start_date: '2026-05-01', end_date: '2026-04-01' },
      { name: 'Apoquel', start_date: '2026-13-01' },
      { name: 'Apoquel', start_date: '2026-05-01', every: 2 },
    ],
    tooLong: { field: 'schedule', limit: 200, base: { name: 'Apoquel', start_date: '2026-05-01' } },
    patch: { end_date: '2026-07-01' },
    orderBy: 'start_date',
  },
  {
    path: 'allergies',
    table: 'allergies',
    valid: { allergen: 'Huhn', reaction: 'Juckreiz', severity: 'moderate' },
    stored: { allergen: 'Huhn', severity: 'moderate' },
    bad: [{}, { allergen: 'Huhn', severity: 'schlimm' }, { allergen: '' }, { allergen: 'Huhn', dog_id: 3 }],
    tooLong: { field: 'reaction', limit: 5000, base: { allergen: 'Rind' } },
    patch: { severity: 'severe' },
  },
  {
    path: 'findings',
    table: 'findings',
    valid: { date: '2026-05-03', title: 'Blutbild', text: 'Alles im Normbereich.' },
    stored: { title: 'Blutbild', text: 'Alles im Normbereich.' },
    bad: [{ title: 'Blutbild' }, { date: '2026-05-03', title: 'x', text: 5 }],
    tooLong: { field: 'text', limit: 10000, base: { date: '2026-05-03', title: 'Röntgen' } },
    patch: { title: 'Großes Blutbild' },
    orderBy: 'date',
  },
];

describe.each(KINDS)('per-dog record $path', (k) => {
  const listUrl = (dogId: number) => `/api/dogs/${dogId}/${k.path}`;
  const itemUrl = (id: number) => `/api/${k.path}/${id}`;
  const stored = (id: number) =>
    t.ctx.db
      .selectFrom(k.table as 'weights')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();

  it('is 401 without a session on every route', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    await request(t.app).get(listUrl(dog.id)).expect(401);
    await request(t.app).post(listUrl(dog.id)).send(k.valid).expect(401);
    await request(t.app).get(itemUrl(1)).expect(401);
    await request(t.app).patch(itemUrl(1)).send(k.patch).expect(401);
    await request(t.app).delete(itemUrl(1)).expect(401);
  });

  it('answers 400 for bad payloads and unknown keys, and stores nothing', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const agent = agentAs(t, owner);
    for (const body of k.bad) {
      const res = await agent.post(listUrl(dog.id)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields).toBeDefined();
    }
    const created = await agent.post(listUrl(dog.id)).send(k.valid).expect(201);
    await agent.patch(itemUrl(created.body.id)).send({ nope: 1 }).expect(400);
    await agent.get(`/api/dogs/abc/${k.path}`).expect(400);
    const rows = await t.ctx.db
      .selectFrom(k.table as 'weights')
      .select('id')
      .where('dog_id', '=', dog.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 422 one character over the limit and accepts the limit', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const agent = agentAs(t, owner);
    const { field, limit, base } = k.tooLong;
    if (field === 'date') {
      // Dates are not free text: a long one is a bad format (400), not 422.
      await agent
        .post(listUrl(dog.id))
        .send({ ...base, date: '2026-05-011' })
        .expect(400);
      return;
    }
    const res = await agent
      .post(listUrl(dog.id))
      .send({ ...base, [field]: 'x'.repeat(limit + 1) })
      .expect(422);
    expect(res.body.error).toMatchObject({ code: 'too_long', fields: { [field]: expect.any(String) } });
    const ok = await agent
      .post(listUrl(dog.id))
      .send({ ...base, [field]: 'x'.repeat(limit) })
      .expect(201);
    await agent
      .patch(itemUrl(ok.body.id))
      .send({ [field]: 'y'.repeat(limit + 1) })
      .expect(422);
  });

  it('is 403 for another user’s dog or record and 404 for missing ones', async () => {
    const owner = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const created = await agentAs(t, owner).post(listUrl(dog.id)).send(k.valid).expect(201);
    const agent = agentAs(t, stranger);
    await agent.get(listUrl(dog.id)).expect(403);
    await agent.post(listUrl(dog.id)).send(k.valid).expect(403);
    await agent.get(itemUrl(created.body.id)).expect(403);
    await agent.patch(itemUrl(created.body.id)).send(k.patch).expect(403);
    await agent.delete(itemUrl(created.body.id)).expect(403);
    await agent.get(listUrl(999999)).expect(404);
    await agent.post(listUrl(999999)).send(k.valid).expect(404);
    await agent.get(itemUrl(999999)).expect(404);
    await agent.patch(itemUrl(999999)).send(k.patch).expect(404);
    await agent.delete(itemUrl(999999)).expect(404);
    expect(await stored(created.body.id)).toMatchObject(k.stored);
  });

  it('creates, reads, lists newest first in pages, changes and deletes', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const agent = agentAs(t, owner);
    const created = await agent.post(listUrl(dog.id)).send(k.valid).expect(201);
    expect(created.body).toMatchObject({ ...k.stored, dog_id: dog.id });
    expect(await stored(created.body.id)).toMatchObject({ ...k.stored, dog_id: dog.id });
    expect((await agent.get(itemUrl(created.body.id)).expect(200)).body).toEqual(created.body);

    // Two more, one older and one newer (by date where the kind has one).
    const older = k.orderBy
      ? {
          ...k.valid,
          [k.orderBy]: '2025-01-01',
          ...(k.path === 'vaccinations' ? { next_due: null } : {}),
          ...(k.path === 'medications' ? { end_date: null } : {}),
        }
      : k.valid;
    const newer = k.orderBy
      ? {
          ...k.valid,
          [k.orderBy]: '2026-06-01',
          ...(k.path === 'vaccinations' ? { next_due: null } : {}),
          ...(k.path === 'medications' ? { end_date: null } : {}),
        }
      : k.valid;
    const o = await agent.post(listUrl(dog.id)).send(older).expect(201);
    const n = await agent.post(listUrl(dog.id)).send(newer).expect(201);
    const first = await agent.get(`${listUrl(dog.id)}?limit=2`).expect(200);
    const second = await agent.get(`${listUrl(dog.id)}?limit=2&cursor=${first.body.next_cursor}`).expect(200);
    const order = [...first.body.items, ...second.body.items].map((r: { id: number }) => r.id);
    expect(order).toEqual(k.orderBy ? [n.body.id, created.body.id, o.body.id] : [n.body.id, o.body.id, created.body.id]);
    expect(second.body.next_cursor).toBeNull();

    const changed = await agent.patch(itemUrl(created.body.id)).send(k.patch).expect(200);
    expect(changed.body).toMatchObject({ ...k.stored, ...k.patch });
    expect(await stored(created.body.id)).toMatchObject(k.patch);

    await agent.delete(itemUrl(created.body.id)).expect(204);
    expect(await stored(created.body.id)).toBeUndefined();
    await agent.get(itemUrl(created.body.id)).expect(404);
  });

  it('goes with its dog and with the owner’s account (ON DELETE CASCADE)', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const created = await agentAs(t, owner).post(listUrl(dog.id)).send(k.valid).expect(201);
    await t.ctx.db.deleteFrom('dogs').where('id', '=', dog.id).execute();
    expect(await stored(created.body.id)).toBeUndefined();

    const dog2 = await buildDog(t.ctx, { user: owner });
    const again = await agentAs(t, owner).post(listUrl(dog2.id)).send(k.valid).expect(201);
    await t.ctx.db.deleteFrom('users').where('id', '=', owner.id).execute();
    expect(await stored(again.body.id)).toBeUndefined();
  });
});

/** Every string field of every kind at its limit (accepted) and one over it (422), as the issue asks. */
const STRING_LIMITS: { path: string; base: Record<string, unknown>; limits: Record<string, number> }[] = [
  { path: 'vaccinations', base: { vaccine: 'Tollwut', date: '2026-03-01' }, limits: { vaccine: 200, batch_number: 100, vet_name: 200, notes: 5000 } },
  { path: 'vet-visits', base: { date: '2026-03-01', reason: 'Kontrolle' }, limits: { reason: 200, diagnosis: 5000, treatment: 5000, notes: 5000 } },
  { path: 'medications', base: { name: 'Apoquel', start_date: '2026-03-01' }, limits: { name: 200, dosage: 200, schedule: 200, notes: 5000 } },
  { path: 'allergies', base: { allergen: 'Huhn' }, limits: { allergen: 200, reaction: 5000 } },
  { path: 'findings', base: { date: '2026-03-01', title: 'Blutbild' }, limits: { title: 200, text: 10000 } },
];

describe.each(STRING_LIMITS)('string limits of $path', ({ path, base, limits }) => {
  it.each(Object.entries(limits))('%s: %i characters pass, one more is 422 (create and patch)', async (field, limit) => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const agent = agentAs(t, owner);
    const ok = await agent
      .post(`/api/dogs/${dog.id}/${path}`)
      .send({ ...base, [field]: 'ä'.repeat(limit) })
      .expect(201);
    expect(ok.body[field]).toHaveLength(limit);
    const res = await agent
      .post(`/api/dogs/${dog.id}/${path}`)
      .send({ ...base, [field]: 'ä'.repeat(limit + 1) })
      .expect(422);
    expect(res.body.error.fields[field]).toBe(`Höchstens ${limit} Zeichen.`);
    await agent
      .patch(`/api/${path}/${ok.body.id}`)
      .send({ [field]: 'ä'.repeat(limit + 1) })
      .expect(422);
  });
});

describe('records per dog', () => {
  it('allergies stop at 200 per dog (422 too_many_records); another dog is not affected', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const other = await buildDog(t.ctx, { user: owner });
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('allergies')
      .values(Array.from({ length: 199 }, (_, i) => ({ dog_id: dog.id, allergen: `A${i}`, created_at: now, updated_at: now })))
      .execute();
    const agent = agentAs(t, owner);
    await agent.post(`/api/dogs/${dog.id}/allergies`).send({ allergen: 'Nummer 200' }).expect(201);
    const res = await agent.post(`/api/dogs/${dog.id}/allergies`).send({ allergen: 'Nummer 201' }).expect(422);
    expect(res.body.error).toMatchObject({ code: 'too_many_records', message: 'Ein Hund kann höchstens 200 Allergien haben.' });
    await agent.post(`/api/dogs/${other.id}/allergies`).send({ allergen: 'Huhn' }).expect(201);
  });
});

describe('weights: one per dog and day', () => {
  it('a second weight on the same day replaces the first (same id), another dog keeps its own', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const other = await buildDog(t.ctx, { user: owner });
    const agent = agentAs(t, owner);
    const a = await agent.post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-05-01', weight_kg: 20 }).expect(201);
    const b = await agent.post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-05-01', weight_kg: 21.5 }).expect(201);
    await agent.post(`/api/dogs/${other.id}/weights`).send({ date: '2026-05-01', weight_kg: 9 }).expect(201);
    expect(b.body).toMatchObject({ id: a.body.id, weight_kg: 21.5, created_at: a.body.created_at });
    const rows = await t.ctx.db.selectFrom('weights').select(['dog_id', 'weight_kg']).where('dog_id', 'in', [dog.id, other.id]).orderBy('id').execute();
    expect(rows).toEqual([
      { dog_id: dog.id, weight_kg: 21.5 },
      { dog_id: other.id, weight_kg: 9 },
    ]);
  });

  it('ten weights for one day at once leave one row; moving a weight onto a day that has one is 409', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const agent = agentAs(t, owner);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => agent.post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-05-03', weight_kg: 20 + i })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const rows = await t.ctx.db.selectFrom('weights').select('id').where('dog_id', '=', dog.id).execute();
    expect(rows).toHaveLength(1);
    const other = await agent.post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-05-04', weight_kg: 19 }).expect(201);
    const res = await agent.patch(`/api/weights/${other.body.id}`).send({ date: '2026-05-03' }).expect(409);
    expect(res.body.error.code).toBe('conflict');
  });

  it('accepts exactly 150 kg and refuses a date in the future', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    await agentAs(t, owner).post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-05-02', weight_kg: 150 }).expect(201);
    const res = await agentAs(t, owner).post(`/api/dogs/${dog.id}/weights`).send({ date: '2999-05-02', weight_kg: 15 }).expect(400);
    expect(res.body.error.fields.date).toMatch(/Zukunft/);
  });
});

describe('GET/PUT /api/dogs/{dogId}/vet-practice', () => {
  const practice = {
    name: 'Tierarztpraxis am Park',
    phone: '030 123456',
    emergency_phone: '030 999',
    email: 'praxis@example.de',
    address: 'Parkweg 1, Berlin',
    website: 'https://praxis.example.de',
  };

  it('is 401, 400, 422, 403, 404 in the house order', async () => {
    const owner = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const url = `/api/dogs/${dog.id}/vet-practice`;
    await request(t.app).put(url).send(practice).expect(401);
    await request(t.app).get(url).expect(401);
    const agent = agentAs(t, owner);
    for (const body of [{}, { ...practice, fax: '1' }, { ...practice, email: 'kein-mail' }, { ...practice, website: 'javascript:alert(1)' }])
      await agent.put(url).send(body).expect(400);
    await agent
      .put(url)
      .send({ ...practice, name: 'x'.repeat(201) })
      .expect(422);
    await agent
      .put(url)
      .send({ ...practice, phone: '1'.repeat(51) })
      .expect(422);
    expect((await agent.get(url).expect(200)).body).toBeNull(); // none yet
    await agentAs(t, stranger).put(url).send(practice).expect(403);
    await agentAs(t, stranger).get(url).expect(403);
    await agent.put('/api/dogs/999999/vet-practice').send(practice).expect(404);
    expect(await t.ctx.db.selectFrom('vet_practices').select('id').where('dog_id', '=', dog.id).executeTakeFirst()).toBeUndefined();
  });

  it('stores one practice per dog; a second PUT replaces it whole', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const url = `/api/dogs/${dog.id}/vet-practice`;
    const agent = agentAs(t, owner);
    expect((await agent.put(url).send(practice).expect(200)).body).toMatchObject({ ...practice, dog_id: dog.id });
    await agent.put(url).send({ name: 'Neue Praxis' }).expect(200);
    expect((await agent.get(url).expect(200)).body).toMatchObject({ name: 'Neue Praxis', phone: null, website: null });
    const rows = await t.ctx.db.selectFrom('vet_practices').select('name').where('dog_id', '=', dog.id).execute();
    expect(rows).toEqual([{ name: 'Neue Praxis' }]);
  });
});
