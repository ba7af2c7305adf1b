import type { Response } from 'supertest';
import { agentAs, buildDiaryEntry, buildDiaryMedia, buildDog, buildUser, type BuiltUser } from '../../helpers/factories.js';
import type { TestApp } from '../../helpers/test-app.js';

/** The shape of test/core/query-counts.test.ts's cases, and the helpers its case files share. */
export interface Scenario {
  /** Adds `n` more items to what the route lists. */
  add(n: number): Promise<void>;
  /** The request (a fresh agent each time, so no session is cached). */
  get(): PromiseLike<Response>;
  /** How many of the added items the answer shows (checks that the seeding reached the list). */
  size?(body: any): number | Promise<number>;
  /** The answer's status, when not 200. */
  status?: number;
  /** Runs before each counted request, uncounted (rows the request needs afresh each time). */
  prepare?(): Promise<void>;
}
export interface Case {
  route: string;
  /** The most statements the route may run (the session lookup included). */
  bound: number;
  /**
   * A nearby search's steps adapt to the density they find (core/geo-items/near-page.ts): 5 items at one point
   * take a step or two more than 15 there. The count may then differ between N and 3N, but both stay within
   * `bound`, which a query per item (15 more) would pass.
   */
  adaptiveSteps?: boolean;
  scenario(): Promise<Scenario>;
}

/** Runs `make` n times, one after another (the lists sort by what was made first). */
export async function times(n: number, make: (i: number) => PromiseLike<unknown>): Promise<void> {
  for (let i = 0; i < n; i++) await make(i);
}

let seq = 0;
/** A number of its own per call (unique names and ids across the cases). */
export const nextSeq = () => ++seq;

/** The helpers over one test app `t`; pure ones need none but come along, so a case file takes one `Kit`. */
export function makeKit(t: TestApp) {
  const items = (body: { items: unknown[] }) => body.items.length;
  /** A unique word, so lists that search or span all users see only this case's rows. */
  const word = (prefix: string) => `${prefix}${nextSeq()}x${Math.random().toString(36).slice(2, 8)}`;
  /** A place of its own per case, 22 km apart going north from Berlin, so the nearby lists (5 km) do not overlap. */
  let placeSeq = 0;
  const place = () => ({ lat: 52.3 + ++placeSeq * 0.2, lon: 13.4 });
  /** A day in May 2026 (1–31), distinct per call within a scenario. */
  const may = (i: number) => `2026-05-${String((i % 31) + 1).padStart(2, '0')}`;

  async function owner(extra: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(t.ctx, extra);
    const dog = await buildDog(t.ctx, { user, name: 'Bello', sex: 'female' });
    return { user, dog, a: () => agentAs(t, user) };
  }

  async function befriend(a: BuiltUser, b: BuiltUser): Promise<void> {
    const req = await agentAs(t, a).post('/api/friends/requests').send({ user_id: b.id }).expect(201);
    await agentAs(t, b).post(`/api/friends/requests/${req.body.id}/accept`).expect(200);
  }

  /** Diary entries with two located photos each (what the diary screens show). */
  async function entriesWithPhotos(dogId: number, count: number, from: number) {
    for (let i = from; i < from + count; i++) {
      const pos = { lat: 52.5 + i * 0.01, lon: 13.4 + i * 0.01 };
      const entry = await buildDiaryEntry(t.ctx, { dog_id: dogId, date: may(i), text: 'Ein Tag auf der Wiese', ...pos });
      for (let k = 0; k < 2; k++) await buildDiaryMedia(t.ctx, { entry, ...pos });
    }
  }

  /** A per-dog record kind: n rows through its create route. */
  function recordKind(path: string, body: (i: number) => Record<string, unknown>): Case {
    return {
      route: `GET /api/dogs/{dogId}/${path}`,
      bound: 3,
      async scenario() {
        const o = await owner();
        let i = 0;
        return {
          async add(n) {
            for (const end = i + n; i < end; i++) await o.a().post(`/api/dogs/${o.dog.id}/${path}`).send(body(i)).expect(201);
          },
          get: () => o.a().get(`/api/dogs/${o.dog.id}/${path}`),
          size: items,
        };
      },
    };
  }

  /** A map kind's nearby list: n items around a place of the case's own, each by another person. */
  function nearbyKind(path: string, body: (i: number) => Record<string, unknown>): Case {
    return {
      route: `GET /api/${path}`,
      // The session, the steps of the search (at most five from 1/32 of the radius to 1/2 on a sparse map:
      // index-only R*Tree statements on SQLite, box reads on PostgreSQL) and the page's rows.
      bound: 7,
      adaptiveSteps: true,
      async scenario() {
        const here = place();
        const viewer = await buildUser(t.ctx);
        let i = 0;
        return {
          async add(n) {
            for (const end = i + n; i < end; i++) {
              const author = await buildUser(t.ctx);
              await agentAs(t, author)
                .post(`/api/${path}`)
                .send({ lat: here.lat + i * 0.0005, lon: here.lon, ...body(i) })
                .expect(201);
            }
          },
          get: () => agentAs(t, viewer).get(`/api/${path}?lat=${here.lat}&lon=${here.lon}&radius_km=5`),
          size: items,
        };
      },
    };
  }
  return { items, word, place, may, owner, befriend, entriesWithPhotos, recordKind, nearbyKind };
}

export type Kit = ReturnType<typeof makeKit>;
