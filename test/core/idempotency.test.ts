import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../fakes/photos.js';
import { useAppWithWeatherFake } from '../fakes/weather-server.js';
import { agentAs, buildDog, buildUser, sessionCookie } from '../helpers/factories.js';
import { DAY, fixedClock, HOUR } from '#core/clock.js';
import { purgeIdempotencyKeysJob } from '#core/http/guards/idempotency.jobs.js';

// Offline writes (issue 30, decisions: "Offline writes"): the create routes the app's queue replays honour an
// Idempotency-Key (core/http/guards/idempotency.ts).
const clock = fixedClock('2026-11-21T10:00:00Z');
/** Hears every SQL statement of the app (to act at a chosen moment of a request). */
let onQuery: ((sql: string) => void) | undefined;
const w = useAppWithWeatherFake({ clock, onQuery: (sql) => onQuery?.(sql) });
const KEY = 'Idempotency-Key';

async function owner() {
  const user = await buildUser(w.t.ctx);
  const dog = await buildDog(w.t.ctx, { user, name: 'Bello' });
  return { user, dog, a: agentAs(w.t, user) };
}

const count = async (
  table: 'diary_entries' | 'weights' | 'training_sessions' | 'walks' | 'diary_media' | 'idempotency_keys',
  userOrDog?: { dog_id?: number },
) => {
  let q = w.t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (userOrDog?.dog_id !== undefined && table !== 'walks' && table !== 'diary_media' && table !== 'idempotency_keys')
    q = q.where('dog_id' as never, '=', userOrDog.dog_id as never);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** The five kinds the queue sends, each as (path, body, table whose rows it writes). */
function creates(dogId: number) {
  return [
    { name: 'diary entry', path: `/api/dogs/${dogId}/diary`, body: { date: '2026-11-20', text: 'Im Wald' }, table: 'diary_entries' as const },
    { name: 'weight', path: `/api/dogs/${dogId}/weights`, body: { date: '2026-11-20', weight_kg: 12.5 }, table: 'weights' as const },
    {
      name: 'training session',
      path: `/api/dogs/${dogId}/training-sessions`,
      body: { date: '2026-11-20', skill: 'Rückruf', duration_min: 10 },
      table: 'training_sessions' as const,
    },
    { name: 'walk', path: '/api/walks', body: { dog_ids: [dogId], started_at: '2026-11-21T08:00:00Z', duration_min: 45 }, table: 'walks' as const },
  ];
}

describe('Idempotency-Key on the offline create routes', () => {
  it('the same key and body: one row, the same status and body again, marked as replayed', async () => {
    const { dog, a } = await owner();
    for (const c of creates(dog.id)) {
      const before = await count(c.table);
      const first = await a.post(c.path).set(KEY, `k-${c.table}`).send(c.body).expect(201);
      expect(first.headers['idempotent-replayed'], c.name).toBeUndefined();
      const again = await a.post(c.path).set(KEY, `k-${c.table}`).send(c.body).expect(201);
      expect(again.body, c.name).toEqual(first.body);
      expect(again.headers['idempotent-replayed'], c.name).toBe('true');
      expect(await count(c.table), c.name).toBe(before + 1);
    }
  });

  it('without a key every request writes (the header is what makes a repeat safe)', async () => {
    const { dog, a } = await owner();
    const before = await count('training_sessions');
    const c = creates(dog.id)[2]!;
    await a.post(c.path).send(c.body).expect(201);
    await a.post(c.path).send(c.body).expect(201);
    expect(await count('training_sessions')).toBe(before + 2);
  });

  it('a care tick replayed late answers its first answer and does not set last_done back', async () => {
    const { dog, a } = await owner();
    const routine = (await a.post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'claws', intervall_tage: 14 }).expect(201)).body;
    const queued = await a.post(`/api/care-routines/${routine.id}/done`).set(KEY, 'tick-1').send({ date: '2026-11-19' }).expect(200);
    expect(queued.body.last_done).toBe('2026-11-19');
    // Ticked again on the next day (online, no key); then the queue sends its tick once more.
    await a.post(`/api/care-routines/${routine.id}/done`).send({ date: '2026-11-20' }).expect(200);
    const replay = await a.post(`/api/care-routines/${routine.id}/done`).set(KEY, 'tick-1').send({ date: '2026-11-19' }).expect(200);
    expect(replay.body).toEqual(queued.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await a.get(`/api/care-routines/${routine.id}`).expect(200)).body.last_done).toBe('2026-11-20');
  });

  it('the same key with another body or another dog: 409 idempotency_key_reused, nothing written', async () => {
    const { user, dog, a } = await owner();
    const second = await buildDog(w.t.ctx, { user, name: 'Luna' });
    await a.post(`/api/dogs/${dog.id}/weights`).set(KEY, 'same').send({ date: '2026-11-18', weight_kg: 12 }).expect(201);
    const other = await a.post(`/api/dogs/${dog.id}/weights`).set(KEY, 'same').send({ date: '2026-11-18', weight_kg: 13 }).expect(409);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(other.body.error.message).toMatch(/anderen Anfrage/);
    const otherDog = await a.post(`/api/dogs/${second.id}/weights`).set(KEY, 'same').send({ date: '2026-11-18', weight_kg: 12 }).expect(409);
    expect(otherDog.body.error.code).toBe('idempotency_key_reused');
    expect(await count('weights', { dog_id: dog.id })).toBe(1);
    expect(await count('weights', { dog_id: second.id })).toBe(0);
  });

  it('keys are per user: another user’s same key is another key', async () => {
    const one = await owner();
    const two = await owner();
    const before = await count('walks');
    const body = (dogId: number) => ({ dog_ids: [dogId], started_at: '2026-11-21T08:00:00Z', duration_min: 30 });
    const a = await one.a.post('/api/walks').set(KEY, 'shared-key').send(body(one.dog.id)).expect(201);
    const b = await two.a.post('/api/walks').set(KEY, 'shared-key').send(body(two.dog.id)).expect(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.id).not.toBe(a.body.id);
    expect(await count('walks')).toBe(before + 2);
  });

  it('keys are per route: the same key on two routes writes both', async () => {
    const { dog, a } = await owner();
    await a.post(`/api/dogs/${dog.id}/diary`).set(KEY, 'both').send({ date: '2026-11-20', text: 'Wald' }).expect(201);
    const walk = await a
      .post('/api/walks')
      .set(KEY, 'both')
      .send({ dog_ids: [dog.id], started_at: '2026-11-21T08:00:00Z', duration_min: 20 })
      .expect(201);
    expect(walk.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays racing (8 at once on one listening server): exactly one row, every one gets the same answer', async () => {
    const { user, dog } = await owner();
    // One server for all of them (supertest would start one per request, which lines them up one after another).
    const server = w.t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cookie = sessionCookie(w.t.ctx, user);
    try {
      for (const c of creates(dog.id)) {
        const before = await count(c.table);
        const answers = await Promise.all(
          Array.from({ length: 8 }, async () => {
            const res = await fetch(base + c.path, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json', [KEY]: `race-${c.table}` },
              body: JSON.stringify(c.body),
            });
            return { status: res.status, body: (await res.json()) as unknown, replayed: res.headers.get('idempotent-replayed') };
          }),
        );
        expect(
          answers.map((x) => x.status),
          c.name,
        ).toEqual(Array(8).fill(201));
        expect(new Set(answers.map((x) => JSON.stringify(x.body))).size, c.name).toBe(1);
        expect(
          answers.filter((x) => x.replayed !== 'true'),
          c.name,
        ).toHaveLength(1);
        expect(await count(c.table), c.name).toBe(before + 1);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a repeat that arrives while the first request still runs waits for its answer and writes nothing', async () => {
    // In one process on SQLite two requests hardly ever overlap; this sets the overlap up by hand: the first
    // request's claim is there and unanswered, and is answered while the repeat waits.
    const { user, dog, a } = await owner();
    const c = creates(dog.id)[0]!;
    const twin = await a.post(c.path).set(KEY, 'twin-of-running').send(c.body).expect(201);
    const { request_hash } = await w.t.ctx.db
      .selectFrom('idempotency_keys')
      .select('request_hash')
      .where('user_id', '=', user.id)
      .where('key', '=', 'twin-of-running')
      .executeTakeFirstOrThrow();
    const ref = { user_id: user.id, route: 'POST /api/dogs/:dogId/diary', key: 'running' };
    await w.t.ctx.db
      .insertInto('idempotency_keys')
      .values({ ...ref, request_hash, status: null, response: 'claim-of-the-first', created_at: clock.now().toISOString() })
      .execute();
    let answered = false;
    onQuery = (query) => {
      // The repeat found the claim unanswered: now the first request answers.
      if (answered || !/^select .* from "idempotency_keys"/i.test(query)) return;
      answered = true;
      setImmediate(() => {
        void w.t.ctx.db
          .updateTable('idempotency_keys')
          .set({ status: 201, response: JSON.stringify(twin.body) })
          .where('user_id', '=', ref.user_id)
          .where('key', '=', ref.key)
          .execute();
      });
    };
    const before = await count('diary_entries');
    try {
      const repeat = await a.post(c.path).set(KEY, 'running').send(c.body).expect(201);
      expect(repeat.body).toEqual(twin.body);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
    } finally {
      onQuery = undefined;
    }
    expect(answered).toBe(true);
    expect(await count('diary_entries')).toBe(before);
  });

  it('a first request still running after 5 s: the repeat gets 409 idempotency_key_in_progress and writes nothing', async () => {
    const { user, dog, a } = await owner();
    const c = creates(dog.id)[0]!;
    await a.post(c.path).set(KEY, 'twin-of-slow').send(c.body).expect(201);
    const { request_hash } = await w.t.ctx.db
      .selectFrom('idempotency_keys')
      .select('request_hash')
      .where('user_id', '=', user.id)
      .where('key', '=', 'twin-of-slow')
      .executeTakeFirstOrThrow();
    await w.t.ctx.db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        route: 'POST /api/dogs/:dogId/diary',
        key: 'slow',
        request_hash,
        status: null,
        response: 'claim-of-a-slow-first',
        created_at: clock.now().toISOString(),
      })
      .execute();
    const before = await count('diary_entries');
    const res = await a.post(c.path).set(KEY, 'slow').send(c.body).expect(409);
    expect(res.body.error.code).toBe('idempotency_key_in_progress');
    expect(res.body.error.message).toMatch(/noch in Arbeit/);
    expect(await count('diary_entries')).toBe(before);
  }, 15_000);

  it('a failed request gives its key back: the corrected request with the same key is written', async () => {
    const { dog, a } = await owner();
    await a.post(`/api/dogs/${dog.id}/weights`).set(KEY, 'fix-me').send({ date: '2026-11-18', weight_kg: -3 }).expect(400);
    await a.post(`/api/dogs/${dog.id}/weights`).set(KEY, 'fix-me').send({ date: '2026-11-18', weight_kg: 3 }).expect(201);
    expect(await count('weights', { dog_id: dog.id })).toBe(1);
  });

  it('a bad key: 400 with a German message, nothing written', async () => {
    const { dog, a } = await owner();
    const before = await count('diary_entries');
    for (const bad of ['mit leerzeichen', 'ä', 'x'.repeat(201), '']) {
      const res = await a.post(`/api/dogs/${dog.id}/diary`).set(KEY, bad).send({ date: '2026-11-20', text: 'Wald' }).expect(400);
      expect(res.body.error.message).toMatch(/Idempotency-Key ist ungültig/);
    }
    await a.post(`/api/dogs/${dog.id}/diary`).set(KEY, 'x'.repeat(200)).send({ date: '2026-11-20', text: 'Wald' }).expect(201);
    expect(await count('diary_entries')).toBe(before + 1);
  });

  it('photo upload: the same files again → the first answer, one set of photos; other files with the key → 409', async () => {
    const { dog, a } = await owner();
    const entry = (await a.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-20', text: 'Wald' }).expect(201)).body;
    const photo = await makeJpeg({ width: 40, height: 30 });
    const media = async () =>
      Number(
        (
          await w.t.ctx.db
            .selectFrom('diary_media')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('entry_id', '=', entry.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const first = await a.post(`/api/diary/${entry.id}/media`).set(KEY, 'photo-1').attach('files', photo, 'wald.jpg').expect(201);
    const again = await a.post(`/api/diary/${entry.id}/media`).set(KEY, 'photo-1').attach('files', photo, 'wald.jpg').expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await media()).toBe(1);
    const other = await a
      .post(`/api/diary/${entry.id}/media`)
      .set(KEY, 'photo-1')
      .attach('files', await makeJpeg({ width: 60, height: 30 }), 'wald.jpg')
      .expect(409);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(await media()).toBe(1);
  });

  it('a claim left by a process that died is taken over after two minutes', async () => {
    const { user, dog, a } = await owner();
    const c = creates(dog.id)[0]!;
    const route = `POST /api/dogs/:dogId/diary`;
    // The hash of this exact request, as a first request would have stored it: take it from a completed twin.
    await a.post(c.path).set(KEY, 'twin').send(c.body).expect(201);
    const twin = await w.t.ctx.db
      .selectFrom('idempotency_keys')
      .select('request_hash')
      .where('user_id', '=', user.id)
      .where('key', '=', 'twin')
      .executeTakeFirstOrThrow();
    await w.t.ctx.db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        route,
        key: 'dead',
        request_hash: twin.request_hash,
        status: null,
        response: 'claim-of-a-dead-process',
        created_at: new Date(clock.now().getTime() - 3 * 60_000).toISOString(),
      })
      .execute();
    const before = await count('diary_entries');
    await a.post(c.path).set(KEY, 'dead').send(c.body).expect(201);
    expect(await count('diary_entries')).toBe(before + 1);
  });

  it('keys are kept 7 days: the purge job removes older ones, after which the key is new again', async () => {
    const { user, dog, a } = await owner();
    const body = { date: '2026-11-20', skill: 'Sitz', duration_min: 5 };
    const path = `/api/dogs/${dog.id}/training-sessions`;
    await a.post(path).set(KEY, 'old').send(body).expect(201);
    clock.advance(2 * DAY);
    await a.post(path).set(KEY, 'young').send(body).expect(201);
    try {
      clock.advance(5 * DAY + HOUR);
      await purgeIdempotencyKeysJob.run(w.t.ctx);
      const left = await w.t.ctx.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', user.id).execute();
      expect(left.map((r) => r.key)).toEqual(['young']);
      // A week later the session cookie is old too: log in again.
      const later = agentAs(w.t, user);
      const before = await count('training_sessions', { dog_id: dog.id });
      const replay = await later.post(path).set(KEY, 'old').send(body).expect(201);
      expect(replay.headers['idempotent-replayed']).toBeUndefined();
      expect(await count('training_sessions', { dog_id: dog.id })).toBe(before + 1);
      expect((await later.post(path).set(KEY, 'young').send(body).expect(201)).headers['idempotent-replayed']).toBe('true');
    } finally {
      clock.set('2026-11-21T10:00:00Z');
    }
  });

  it('the OpenAPI document names the header and the 409 on exactly the offline create routes', async () => {
    const doc = (
      await agentAs(w.t, await buildUser(w.t.ctx))
        .get('/api/openapi.json')
        .expect(200)
    ).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
    };
    const withKey = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === KEY))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withKey.sort()).toEqual([
      'POST /api/care-routines/{id}/done',
      'POST /api/diary/{entryId}/media',
      'POST /api/dogs/{dogId}/diary',
      'POST /api/dogs/{dogId}/training-sessions',
      'POST /api/dogs/{dogId}/weights',
      'POST /api/walks',
    ]);
    expect(doc.paths['/api/walks']!.post!.responses['409']).toBeDefined();
  });
});
