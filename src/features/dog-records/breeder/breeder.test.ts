import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { binaryBody, pdfText } from '../../../../test/helpers/binary.js';
import { agentAs, buildAdmin, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

const t = useTestApp({ clock: fixedClock('2026-06-10T10:00:00Z') });

async function breeder(tier = 'breeder') {
  const user = await buildUser(t.ctx, { subscription_tier: tier, name: 'Bea Breeder' });
  const mother = await buildDog(t.ctx, { user, name: 'Hera', sex: 'female', breed: 'Labrador Retriever' });
  return { user, mother, a: agentAs(t, user) };
}

async function litterWithPuppies() {
  const b = await breeder();
  const litter = await b.a
    .post('/api/litters')
    .send({ mother_dog_id: b.mother.id, father_name: 'Zeus vom Hof', mating_date: '2026-03-01', birth_date: '2026-05-02' })
    .expect(201);
  const red = await b.a
    .post(`/api/litters/${litter.body.id}/puppies`)
    .send({ name: 'Rosa', collar_color: 'rot', sex: 'female', birth_weight_g: 410 })
    .expect(201);
  const blue = await b.a
    .post(`/api/litters/${litter.body.id}/puppies`)
    .send({ collar_color: 'blau', sex: 'male', birth_weight_g: 450, chip_number: '276098100000001' })
    .expect(201);
  return { ...b, litter: litter.body, red: red.body, blue: blue.body };
}

describe('breeder routes: the tier rule', () => {
  it('401 without a session, 403 breeder_only for free and pro on every route; breeder, breeder_test and admins pass', async () => {
    const { litter, red } = await litterWithPuppies();
    const routes: [string, string, unknown?][] = [
      ['get', '/api/litters'],
      ['post', '/api/litters', { mother_dog_id: 1 }],
      ['get', `/api/litters/${litter.id}`],
      ['patch', `/api/litters/${litter.id}`, { notes: 'x' }],
      ['delete', `/api/litters/${litter.id}`],
      ['post', `/api/litters/${litter.id}/puppies`, { collar_color: 'grün', sex: 'male' }],
      ['patch', `/api/puppies/${red.id}`, { buyer_name: 'X' }],
      ['delete', `/api/puppies/${red.id}`],
      ['post', `/api/puppies/${red.id}/weights`, { date: '2026-06-01', weight_g: 900 }],
      ['post', `/api/litters/${litter.id}/weights`, { date: '2026-06-01', weights: [{ puppy_id: red.id, weight_g: 900 }] }],
      ['get', `/api/litters/${litter.id}/weights`],
      ['get', `/api/litters/${litter.id}/export.csv`],
      ['get', `/api/puppies/${red.id}/record.pdf`],
    ];
    const call = (agent: request.Agent | ReturnType<typeof request>, [method, path, body]: [string, string, unknown?]) => {
      const r = (agent as unknown as Record<string, (p: string) => request.Test>)[method]!(path);
      return body === undefined ? r : r.send(body as object);
    };
    for (const r of routes) await call(request(t.app), r).expect(401);
    for (const tier of ['free', 'pro']) {
      const agent = agentAs(t, await buildUser(t.ctx, { subscription_tier: tier }));
      for (const r of routes) {
        const res = await call(agent, r).expect(403);
        expect(res.body.error.code).toBe('breeder_only');
        expect(res.body.error.message).toContain('Züchter-Tarif');
      }
    }
    // The others get past the tier rule: their own list, and someone else's litter is theirs to be refused (403 forbidden).
    for (const user of [
      await buildUser(t.ctx, { subscription_tier: 'breeder' }),
      await buildUser(t.ctx, { subscription_tier: 'breeder_test' }),
      await buildAdmin(t.ctx),
    ]) {
      const agent = agentAs(t, user);
      await agent.get('/api/litters').expect(200);
      const res = await agent.get(`/api/litters/${litter.id}`).expect(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });
});

describe('litters', () => {
  it('the mother must be the breeder’s own female dog; expected birth = mating + 63 days', async () => {
    const { user, mother, a } = await breeder();
    const male = await buildDog(t.ctx, { user, name: 'Ares', sex: 'male' });
    const foreign = await buildDog(t.ctx, { sex: 'female' });
    expect((await a.post('/api/litters').send({ mother_dog_id: male.id }).expect(409)).body.error.code).toBe('not_female');
    await a.post('/api/litters').send({ mother_dog_id: foreign.id }).expect(403);
    await a.post('/api/litters').send({ mother_dog_id: 99999999 }).expect(404);
    await a.post('/api/litters').send({ mother_dog_id: mother.id, father_dog_id: mother.id }).expect(400);
    await a.post('/api/litters').send({ mother_dog_id: mother.id, mating_date: '2026-05-01', birth_date: '2026-04-01' }).expect(400);
    await a.post('/api/litters').send({ mother_dog_id: mother.id, birth_date: '2026-07-01' }).expect(400);
    await a
      .post('/api/litters')
      .send({ mother_dog_id: mother.id, notes: 'x'.repeat(5001) })
      .expect(422);
    await a.post('/api/litters').send({ mother_dog_id: mother.id, extra: 1 }).expect(400);
    const ok = await a.post('/api/litters').send({ mother_dog_id: mother.id, father_dog_id: male.id, mating_date: '2026-04-20' }).expect(201);
    expect(ok.body).toMatchObject({ mother_name: 'Hera', father_name: 'Ares', expected_birth_date: '2026-06-22', puppy_count: 0, puppies: [] });
    expect((await a.get('/api/litters').expect(200)).body.items.map((l: { id: number }) => l.id)).toEqual([ok.body.id]);
    await a.get('/api/litters/99999999').expect(404);
  });

  it('puppies: weight 0 or over 100 kg → 400, texts at their limits, at most 30 per litter', async () => {
    const { a, litter, red } = await litterWithPuppies();
    const base = { collar_color: 'gelb', sex: 'female' };
    await a
      .post(`/api/litters/${litter.id}/puppies`)
      .send({ ...base, birth_weight_g: 0 })
      .expect(400);
    await a
      .post(`/api/litters/${litter.id}/puppies`)
      .send({ ...base, birth_weight_g: 100_001 })
      .expect(400);
    await a
      .post(`/api/litters/${litter.id}/puppies`)
      .send({ ...base, sex: 'x' })
      .expect(400);
    await a
      .post(`/api/litters/${litter.id}/puppies`)
      .send({ ...base, name: 'n'.repeat(81) })
      .expect(422);
    await a
      .post(`/api/litters/${litter.id}/puppies`)
      .send({ ...base, name: 'n'.repeat(80) })
      .expect(201);
    await a.post(`/api/puppies/${red.id}/weights`).send({ date: '2026-06-01', weight_g: 0 }).expect(400);
    await a.post(`/api/puppies/${red.id}/weights`).send({ date: '2026-06-01', weight_g: 100_001 }).expect(400);
    // One decimal, as a puppy scale shows it; two are refused.
    const decimal = await a.post(`/api/puppies/${red.id}/weights`).send({ date: '2026-06-01', weight_g: 180.5 }).expect(201);
    const weights = decimal.body.puppies.find((p: { puppy_id: number }) => p.puppy_id === red.id).weights;
    expect(weights).toEqual(expect.arrayContaining([{ date: '2026-06-01', weight_g: 180.5 }]));
    await a.post(`/api/puppies/${red.id}/weights`).send({ date: '2026-06-01', weight_g: 180.55 }).expect(400);
    await a.post(`/api/puppies/${red.id}/weights`).send({ date: '2026-05-01', weight_g: 500 }).expect(400); // before the birth
    await a.post(`/api/puppies/${red.id}/weights`).send({ date: '2026-06-11', weight_g: 500 }).expect(400); // future
    for (let i = 0; i < 27; i++) await a.post(`/api/litters/${litter.id}/puppies`).send(base).expect(201);
    await a.post(`/api/litters/${litter.id}/puppies`).send(base).expect(422);
    const changed = await a.patch(`/api/puppies/${red.id}`).send({ buyer_name: 'Familie Kuhn', handover_date: '2026-07-01' }).expect(200);
    expect(changed.body).toMatchObject({ buyer_name: 'Familie Kuhn', handover_date: '2026-07-01', name: 'Rosa' });
  });

  it('weights: one per day (a second replaces it), in date order per puppy, quick weighing all or nothing, warnings', async () => {
    const { a, litter, red, blue } = await litterWithPuppies();
    await a.post(`/api/puppies/${red.id}/weights`).send({ date: '2026-06-03', weight_g: 1300 }).expect(201);
    await a.post(`/api/puppies/${red.id}/weights`).send({ date: '2026-06-01', weight_g: 1100 }).expect(201);
    await a.post(`/api/puppies/${red.id}/weights`).send({ date: '2026-06-01', weight_g: 1150 }).expect(201);
    const other = await litterWithPuppies();
    await a
      .post(`/api/litters/${litter.id}/weights`)
      .send({
        date: '2026-06-04',
        weights: [
          { puppy_id: red.id, weight_g: 1250 },
          { puppy_id: other.red.id, weight_g: 1 },
        ],
      })
      .expect(400);
    const res = await a
      .post(`/api/litters/${litter.id}/weights`)
      .send({
        date: '2026-06-04',
        weights: [
          { puppy_id: red.id, weight_g: 1250 },
          { puppy_id: blue.id, weight_g: 1400 },
        ],
      })
      .expect(201);
    const rosa = res.body.puppies.find((p: { puppy_id: number }) => p.puppy_id === red.id);
    expect(rosa.weights).toEqual([
      { date: '2026-06-01', weight_g: 1150 },
      { date: '2026-06-03', weight_g: 1300 },
      { date: '2026-06-04', weight_g: 1250 },
    ]);
    expect(rosa.warnings).toEqual([expect.objectContaining({ kind: 'lost' })]);
    expect((await a.get(`/api/litters/${litter.id}/weights`).expect(200)).body).toEqual(res.body);
    await agentAs(t, other.user).get(`/api/litters/${litter.id}/weights`).expect(403);
  });

  it('CSV for German Excel and the PDF puppy record, parsed back', async () => {
    const { a, user, litter, red, blue } = await litterWithPuppies();
    await a.post(`/api/litters/${litter.id}/weights`).send({
      date: '2026-06-01',
      weights: [
        { puppy_id: red.id, weight_g: 1100 },
        { puppy_id: blue.id, weight_g: 1200 },
      ],
    });
    await a.patch(`/api/puppies/${red.id}`).send({ buyer_name: 'Familie Kuhn', vaccinations: '8. Woche: SHPPi + L4' }).expect(200);
    const csv = await a.get(`/api/litters/${litter.id}/export.csv`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.charCodeAt(0)).toBe(0xfeff);
    expect(csv.text.slice(1).split('\r\n')).toEqual([
      'Welpe;Halsband;Geschlecht;Geburtsgewicht (g);Chipnummer;Käufer;Kontakt;Abgabe;01.06.2026',
      'Rosa;rot;Hündin;410;;Familie Kuhn;;;1100',
      ';blau;Rüde;450;276098100000001;;;;1200',
      '',
    ]);
    const pdf = await a.get(`/api/puppies/${red.id}/record.pdf`).buffer(true).parse(binaryBody).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.body as Buffer);
    for (const part of ['Welpenpass: Rosa', 'Hera', 'Labrador Retriever', 'Zeus vom Hof', '1.100 g', '8. Woche: SHPPi + L4', 'Familie Kuhn', '02.05.2026'])
      expect(text).toContain(part);
    expect(text).not.toContain(user.email); // the breeder's name is on it, never the email
  });

  it('deleting a litter takes its puppies and weights; deleting the account takes the litters', async () => {
    const { a, user, litter, red } = await litterWithPuppies();
    await a.post(`/api/puppies/${red.id}/weights`).send({ date: '2026-06-01', weight_g: 1000 }).expect(201);
    await a.delete(`/api/litters/${litter.id}`).expect(204);
    expect(await t.ctx.db.selectFrom('puppies').select('id').where('litter_id', '=', litter.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('puppy_weights').select('id').where('puppy_id', '=', red.id).execute()).toEqual([]);
    await a.get(`/api/litters/${litter.id}`).expect(404);

    const again = await a
      .post('/api/litters')
      .send({ mother_dog_id: (await t.ctx.db.selectFrom('dogs').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()).id })
      .expect(201);
    await a.delete('/api/me').send({ password: user.password }).expect(204);
    expect(await t.ctx.db.selectFrom('litters').select('id').where('id', '=', again.body.id).execute()).toEqual([]);
  });
});
