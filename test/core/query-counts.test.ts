import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  agentAs,
  buildAdmin,
  buildDiaryEntry,
  buildDiaryMedia,
  buildDog,
  buildInvoice,
  buildModerator,
  buildPartnerCode,
  buildUpgradeRequest,
  buildUser,
  shareDog,
  type BuiltUser,
} from '../helpers/factories.js';
import { queryCounter } from '../helpers/query-count.js';
import { daytimeClock, useTestApp } from '../helpers/test-app.js';

/**
 * Issue 29, "nothing slow left in a request": the list routes people use most must not run one query per item.
 * Each route is asked with N items and again with 3N (same user, N = 5 and 15); the number of SQL statements must
 * be the same both times and stay within the route's bound (the numbers are in docs/performance.md, "Queries per
 * request"). The same for the writes that tell many people (N and 3N people near a warning, N and 3N moderators
 * more for a report). The counts include the session lookup (the counter empties the session cache first) and a
 * transaction's BEGIN and COMMIT; they are the same on SQLite and PostgreSQL.
 */

const N = 5;
const queries = queryCounter();
// 3 June 2026, 10:00 in Berlin, moving with real time: dates in May are in the past, pushes are outside quiet hours.
const t = useTestApp({ clock: daytimeClock('2026-06-03T08:00:00Z'), onQuery: queries.onQuery });

interface Scenario {
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
interface Case {
  route: string;
  /** The most statements the route may run (the session lookup included). */
  bound: number;
  scenario(): Promise<Scenario>;
}

const items = (body: { items: unknown[] }) => body.items.length;
let seq = 0;
/** A unique word, so lists that search or span all users see only this case's rows. */
const word = (prefix: string) => `${prefix}${++seq}x${Math.random().toString(36).slice(2, 8)}`;
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
    bound: 4,
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

const CASES: Case[] = [
  // ── dogs and sharing ──
  {
    route: 'GET /api/dogs',
    bound: 2,
    async scenario() {
      const user = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) await buildDog(t.ctx, { user, name: `Hund ${i}` });
        },
        get: () => agentAs(t, user).get('/api/dogs'),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/shared-dogs',
    bound: 3,
    async scenario() {
      const me = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) {
            const o = await owner();
            await shareDog(t, o.a(), o.dog.id, me);
          }
        },
        get: () => agentAs(t, me).get('/api/shared-dogs'),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/dog-invitations',
    bound: 2,
    async scenario() {
      const me = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) {
            const o = await owner();
            await o.a().post(`/api/dogs/${o.dog.id}/members`).send({ email: me.email }).expect(201);
          }
        },
        get: () => agentAs(t, me).get('/api/dog-invitations'),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/dogs/{dogId}/members',
    bound: 3,
    async scenario() {
      const o = await owner();
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) await shareDog(t, o.a(), o.dog.id, await buildUser(t.ctx));
        },
        get: () => o.a().get(`/api/dogs/${o.dog.id}/members`),
        size: items,
      };
    },
  },
  // ── diary ──
  ...(
    [
      ['GET /api/diary/entries', 5, (dogId: number) => `/api/diary/entries?dog_id=${dogId}`, items],
      ['GET /api/dogs/{dogId}/diary', 5, (dogId: number) => `/api/dogs/${dogId}/diary`, items],
      ['GET /api/diary/calendar', 5, (dogId: number) => `/api/diary/calendar?dog_id=${dogId}&month=2026-05`, (body: any) => body.days.length],
      ['GET /api/diary/search', 5, (dogId: number) => `/api/diary/search?dog_id=${dogId}&q=Wiese`, items],
      ['GET /api/diary/locations', 6, (dogId: number) => `/api/diary/locations?dog_id=${dogId}`, (body: any) => body.places.length],
      ['GET /api/diary/nearby', 3, (dogId: number) => `/api/diary/nearby?dog_id=${dogId}&lat=52.5&lon=13.4&radius_km=100`, items],
      ['GET /api/diary/stats', 9, (dogId: number) => `/api/diary/stats?dog_id=${dogId}`, (body: any) => body.entries],
    ] as const
  ).map(([route, bound, url, size]): Case => ({
    route,
    bound,
    async scenario() {
      const o = await owner();
      let i = 0;
      return {
        add: async (n) => {
          await entriesWithPhotos(o.dog.id, n, i);
          i += n;
        },
        get: () => o.a().get(url(o.dog.id)),
        size,
      };
    },
  })),
  {
    route: 'GET /api/diary/media',
    bound: 3,
    async scenario() {
      const o = await owner();
      let i = 0;
      return {
        add: async (n) => {
          await entriesWithPhotos(o.dog.id, n, i);
          i += n;
        },
        get: () => o.a().get(`/api/diary/media?dog_id=${o.dog.id}`),
        size: (body) => body.items.length / 2,
      };
    },
  },
  {
    route: 'GET /api/diary/{entryId}',
    bound: 4,
    async scenario() {
      const o = await owner();
      const entry = await buildDiaryEntry(t.ctx, { dog_id: o.dog.id, lat: 52.5, lon: 13.4 });
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) await buildDiaryMedia(t.ctx, { entry, lat: 52.5, lon: 13.4 });
        },
        get: () => o.a().get(`/api/diary/${entry.id}`),
        size: (body) => body.media.length,
      };
    },
  },
  ...([false, true] as const).map((chosen): Case => ({
    // The first visit of the day chooses each new dog's photo of the day; later ones read the choices.
    route: chosen ? 'GET /api/welcome-dashboard (photos of the day chosen)' : 'GET /api/welcome-dashboard',
    // Issue 34: the session, the frame (dogs, shared dogs, unread count) and every area's reads as one UNION ALL;
    // the day's first visit also drops yesterday's choices and chooses (4 reads and writes) and reads them back.
    bound: chosen ? 3 : 9,
    async scenario() {
      const user = await buildUser(t.ctx);
      let i = 0;
      return {
        add: async (n) => {
          for (const end = i + n; i < end; i++) {
            const dog = await buildDog(t.ctx, { user, name: `Hund ${i}` });
            await entriesWithPhotos(dog.id, 1, i);
            await agentAs(t, user)
              .post(`/api/dogs/${dog.id}/vaccinations`)
              .send({ vaccine: 'Tollwut', date: '2025-06-10', next_due: '2026-06-10' })
              .expect(201);
          }
          if (chosen) await agentAs(t, user).get('/api/welcome-dashboard').expect(200);
        },
        get: () => agentAs(t, user).get('/api/welcome-dashboard'),
        size: (body) => body.dogs.filter((d: { daily_photo: unknown }) => d.daily_photo !== null).length,
      };
    },
  })),
  {
    route: 'GET /api/notifications',
    bound: 4,
    async scenario() {
      const user = await buildUser(t.ctx);
      return {
        add: async (n) => {
          const now = t.ctx.clock.now().toISOString();
          for (let i = 0; i < n; i++)
            await t.ctx.db
              .insertInto('notifications')
              .values({
                user_id: user.id,
                type: 'friends',
                title: 'Neue Anfrage',
                body: 'Jemand möchte befreundet sein.',
                url: '/app/freunde',
                created_at: now,
              })
              .execute();
        },
        get: () => agentAs(t, user).get('/api/notifications'),
        size: items,
      };
    },
  },
  // ── the same lists over all of one's dogs: N dogs, then 3N ──
  ...(
    [
      ['GET /api/diary/entries (all dogs)', 6, '/api/diary/entries', items],
      ['GET /api/diary/media (all dogs)', 4, '/api/diary/media', (body: any) => body.items.length / 2],
      ['GET /api/diary/calendar (all dogs)', 6, '/api/diary/calendar?month=2026-05', (body: any) => body.days.length],
      ['GET /api/diary/stats (all dogs)', 10, '/api/diary/stats', (body: any) => body.entries],
      ['GET /api/expenses/summary (all dogs)', 2, '/api/expenses/summary?year=2026', undefined],
      ['GET /api/walks/weekly (all dogs)', 3, '/api/walks/weekly', undefined],
    ] as const
  ).map(([route, bound, url, size]): Case => ({
    route,
    bound,
    async scenario() {
      const user = await buildUser(t.ctx);
      let i = 0;
      return {
        add: async (n) => {
          for (const end = i + n; i < end; i++) {
            const dog = await buildDog(t.ctx, { user, name: `Hund ${i}` });
            await entriesWithPhotos(dog.id, 1, i);
            await agentAs(t, user)
              .post(`/api/dogs/${dog.id}/expenses`)
              .send({ date: may(i), amount_cents: 1000, category: 'futter' })
              .expect(201);
            await agentAs(t, user)
              .post('/api/walks')
              .send({ dog_ids: [dog.id], started_at: `${may(i)}T07:00:00Z`, duration_min: 30 })
              .expect(201);
          }
        },
        get: () => agentAs(t, user).get(url),
        size,
      };
    },
  })),
  {
    route: 'GET /api/admin/users/{id}',
    bound: 2,
    async scenario() {
      const admin = await buildAdmin(t.ctx);
      const user = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) {
            await buildDog(t.ctx, { user, name: `Hund ${i}` });
            await buildInvoice(t.ctx, { user });
          }
        },
        get: () => agentAs(t, admin).get(`/api/admin/users/${user.id}`),
      };
    },
  },
  // ── health and the other per-dog records ──
  recordKind('vaccinations', (i) => ({ vaccine: `Impfstoff ${i}`, date: may(i), next_due: '2027-03-01' })),
  recordKind('vet-visits', (i) => ({ date: may(i), reason: 'Kontrolle', cost_cents: 5000 })),
  recordKind('weights', (i) => ({ date: may(i), weight_kg: 20 + i / 10 })),
  recordKind('medications', (i) => ({ name: `Mittel ${i}`, start_date: may(i) })),
  recordKind('allergies', (i) => ({ allergen: `Allergen ${i}` })),
  recordKind('findings', (i) => ({ date: may(i), title: `Befund ${i}`, text: 'Alles gut.' })),
  recordKind('heat-cycles', (i) => ({ start_date: `${2010 + i}-01-02` })),
  recordKind('care-routines', (i) => ({ kind: 'claws', intervall_tage: 7 + i })),
  recordKind('training-sessions', (i) => ({ date: may(i), skill: 'Sitz', duration_min: 5 })),
  recordKind('expenses', (i) => ({ date: may(i), amount_cents: 100 + i, category: 'futter' })),
  {
    route: 'GET /api/dogs/{dogId}/training-streak',
    bound: 3,
    async scenario() {
      const o = await owner();
      let i = 0;
      return {
        add: async (n) => {
          for (const end = i + n; i < end; i++)
            await o
              .a()
              .post(`/api/dogs/${o.dog.id}/training-sessions`)
              .send({ date: may(i), skill: 'Sitz', duration_min: 5 })
              .expect(201);
        },
        get: () => o.a().get(`/api/dogs/${o.dog.id}/training-streak`),
      };
    },
  },
  {
    route: 'GET /api/dogs/{dogId}/heat-cycles/prediction',
    bound: 3,
    async scenario() {
      const o = await owner();
      let i = 0;
      return {
        add: async (n) => {
          for (const end = i + n; i < end; i++)
            await o
              .a()
              .post(`/api/dogs/${o.dog.id}/heat-cycles`)
              .send({ start_date: `${2005 + i}-01-02` })
              .expect(201);
        },
        get: () => o.a().get(`/api/dogs/${o.dog.id}/heat-cycles/prediction`),
      };
    },
  },
  {
    route: 'GET /api/notes',
    bound: 3,
    async scenario() {
      const o = await owner();
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++)
            await o
              .a()
              .post('/api/notes')
              .send({ parent_type: 'dog', parent_id: o.dog.id, rubrik: 'Allgemein', text: `Notiz ${i}` })
              .expect(201);
        },
        get: () => o.a().get(`/api/notes?parent_type=dog&parent_id=${o.dog.id}`),
        size: items,
      };
    },
  },
  // ── breeder ──
  {
    route: 'GET /api/litters',
    bound: 2,
    async scenario() {
      const o = await owner({ subscription_tier: 'breeder' });
      let i = 0;
      return {
        add: async (n) => {
          for (const end = i + n; i < end; i++)
            await o
              .a()
              .post('/api/litters')
              .send({ mother_dog_id: o.dog.id, mating_date: `${2000 + i}-03-01` })
              .expect(201);
        },
        get: () => o.a().get('/api/litters'),
        size: items,
      };
    },
  },
  ...(['GET /api/litters/{id}', 'GET /api/litters/{id}/weights'] as const).map((route): Case => ({
    route,
    bound: route === 'GET /api/litters/{id}' ? 3 : 4,
    async scenario() {
      const o = await owner({ subscription_tier: 'breeder' });
      const litter = (await o.a().post('/api/litters').send({ mother_dog_id: o.dog.id, mating_date: '2026-03-01', birth_date: '2026-05-02' }).expect(201)).body;
      return {
        add: async (n) => {
          const ids: number[] = [];
          for (let i = 0; i < n; i++)
            ids.push(
              (
                await o
                  .a()
                  .post(`/api/litters/${litter.id}/puppies`)
                  .send({ collar_color: word('farbe'), sex: i % 2 ? 'male' : 'female', birth_weight_g: 400 })
                  .expect(201)
              ).body.id,
            );
          for (const date of ['2026-05-10', '2026-05-11'])
            await o
              .a()
              .post(`/api/litters/${litter.id}/weights`)
              .send({ date, weights: ids.map((puppy_id) => ({ puppy_id, weight_g: 600 })) })
              .expect(201);
        },
        get: () => o.a().get(route === 'GET /api/litters/{id}' ? `/api/litters/${litter.id}` : `/api/litters/${litter.id}/weights`),
      };
    },
  })),
  // ── friends and messages ──
  {
    route: 'GET /api/friends',
    bound: 2,
    async scenario() {
      const me = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) await befriend(await buildUser(t.ctx), me);
        },
        get: () => agentAs(t, me).get('/api/friends'),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/friends/requests',
    bound: 3,
    async scenario() {
      const me = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++)
            await agentAs(t, await buildUser(t.ctx))
              .post('/api/friends/requests')
              .send({ user_id: me.id })
              .expect(201);
        },
        get: () => agentAs(t, me).get('/api/friends/requests'),
        size: (body) => body.incoming.length,
      };
    },
  },
  {
    route: 'GET /api/users/blocks',
    bound: 2,
    async scenario() {
      const me = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++)
            await agentAs(t, me)
              .post(`/api/users/${(await buildUser(t.ctx)).id}/block`)
              .expect(204);
        },
        get: () => agentAs(t, me).get('/api/users/blocks'),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/users/search',
    bound: 2,
    async scenario() {
      const me = await buildUser(t.ctx);
      const name = word('Suchname');
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) await buildUser(t.ctx, { name: `${name} ${i}` });
        },
        get: () => agentAs(t, me).get(`/api/users/search?q=${name}`),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/conversations',
    bound: 4,
    async scenario() {
      const me = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) {
            const friend = await buildUser(t.ctx);
            await befriend(friend, me);
            await agentAs(t, friend).post(`/api/conversations/${me.id}/messages`).send({ text: 'Gassi um 5?' }).expect(201);
            await agentAs(t, me).post(`/api/conversations/${friend.id}/messages`).send({ text: 'Gern!' }).expect(201);
          }
        },
        get: () => agentAs(t, me).get('/api/conversations'),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/conversations/{userId}/messages',
    bound: 3,
    async scenario() {
      const me = await buildUser(t.ctx);
      const friend = await buildUser(t.ctx);
      await befriend(friend, me);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++)
            await agentAs(t, friend)
              .post(`/api/conversations/${me.id}/messages`)
              .send({ text: `Nachricht ${i}` })
              .expect(201);
        },
        get: () => agentAs(t, me).get(`/api/conversations/${friend.id}/messages`),
        size: items,
      };
    },
  },
  // ── forum ──
  {
    route: 'GET /api/forum/threads',
    bound: 3,
    async scenario() {
      const me = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) {
            const author = await buildUser(t.ctx);
            const thread = (
              await agentAs(t, author)
                .post('/api/forum/threads')
                .send({ category: 'reisen', title: `Thema ${i}`, body: 'Frage' })
                .expect(201)
            ).body;
            await agentAs(t, me).post(`/api/forum/threads/${thread.id}/posts`).send({ body: 'Antwort' }).expect(201);
          }
        },
        get: () => agentAs(t, me).get('/api/forum/threads?category=reisen'),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/forum/categories',
    bound: 2,
    async scenario() {
      const me = await buildUser(t.ctx);
      const categories = ['allgemeines', 'vorstellung', 'gesundheit-ernaehrung', 'freizeit-sport'];
      let i = 0;
      return {
        add: async (n) => {
          for (const end = i + n; i < end; i++)
            await agentAs(t, me)
              .post('/api/forum/threads')
              .send({ category: categories[i % categories.length], title: `Frage ${i}`, body: 'Wer weiß es?' })
              .expect(201);
        },
        get: () => agentAs(t, me).get('/api/forum/categories'),
      };
    },
  },
  {
    route: 'GET /api/forum/threads/{id}',
    bound: 3,
    async scenario() {
      const me = await buildUser(t.ctx);
      const thread = (await agentAs(t, me).post('/api/forum/threads').send({ category: 'rassen', title: 'Lange Diskussion', body: 'Los gehts' }).expect(201))
        .body;
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++)
            await agentAs(t, await buildUser(t.ctx))
              .post(`/api/forum/threads/${thread.id}/posts`)
              .send({ body: `Beitrag ${i}` })
              .expect(201);
        },
        get: () => agentAs(t, me).get(`/api/forum/threads/${thread.id}`),
        size: (body) => body.posts.length - 1,
      };
    },
  },
  {
    route: 'GET /api/moderation/reports',
    bound: 3,
    async scenario() {
      const mod = await buildModerator(t.ctx);
      const reporter = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) {
            const author = await buildUser(t.ctx);
            const thread = (
              await agentAs(t, author)
                .post('/api/forum/threads')
                .send({ category: 'welpen', title: `Werbung ${i}`, body: 'Kauft!' })
                .expect(201)
            ).body;
            await agentAs(t, reporter).post(`/api/forum/posts/${thread.posts[0].id}/report`).send({ reason: 'Werbung' }).expect(204);
          }
        },
        get: () => agentAs(t, mod).get('/api/moderation/reports'),
        size: (body) => body.items.filter((x: { reporter: { id: number } }) => x.reporter.id === reporter.id).length,
      };
    },
  },
  // ── the map ──
  nearbyKind('poison-warnings', (i) => ({ kind: 'poison', description: `Köder ${i}` })),
  nearbyKind('lost-dogs', (i) => ({ name: `Flocke ${i}`, description: 'Weiß, scheu', last_seen_at: '2026-06-01T10:00:00Z' })),
  nearbyKind('playdates', (i) => ({ title: `Welpentreff ${i}`, starts_at: '2026-07-01T09:00:00Z' })),
  nearbyKind('walk-slots', (i) => ({ weekday: i % 7, start_time: '08:00', end_time: '09:00' })),
  nearbyKind('adoptions', (i) => ({ title: `Bruno ${i}`, description: 'Lieb, verträglich.' })),
  nearbyKind('events', (i) => ({ title: `Hundeschwimmen ${i}`, starts_at: '2026-07-01T10:00:00Z' })),
  nearbyKind('sitting', (i) => ({ type: 'offer', description: `Ich passe auf ${i}` })),
  nearbyKind('services', (i) => ({ name: `Praxis ${i}`, category: 'tierarzt' })),
  {
    route: 'GET /api/walk-slots/{id}/matches',
    bound: 3,
    async scenario() {
      const here = place();
      const me = await buildUser(t.ctx);
      const mine = (
        await agentAs(t, me)
          .post('/api/walk-slots')
          .send({ ...here, weekday: 2, start_time: '08:00', end_time: '09:00' })
          .expect(201)
      ).body;
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) {
            const other = await buildUser(t.ctx);
            const dog = await buildDog(t.ctx, { user: other, sex: 'female' });
            await agentAs(t, other)
              .post('/api/walk-slots')
              .send({ ...here, weekday: 2, start_time: '08:30', end_time: '09:30', dog_id: dog.id })
              .expect(201);
          }
        },
        get: () => agentAs(t, me).get(`/api/walk-slots/${mine.id}/matches`),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/playdates/{id}',
    bound: 3,
    async scenario() {
      const here = place();
      const me = await buildUser(t.ctx);
      const p = (
        await agentAs(t, me)
          .post('/api/playdates')
          .send({ ...here, title: 'Großes Treffen', starts_at: '2026-07-01T09:00:00Z' })
          .expect(201)
      ).body;
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) {
            const o = await owner();
            await o.a().post(`/api/playdates/${p.id}/participants`).send({ dog_id: o.dog.id }).expect(200);
          }
        },
        get: () => agentAs(t, me).get(`/api/playdates/${p.id}`),
        size: (body) => body.participants.length,
      };
    },
  },
  {
    route: 'GET /api/moderation/map-reports',
    bound: 3,
    async scenario() {
      const mod = await buildModerator(t.ctx);
      const reporter = await buildUser(t.ctx);
      const here = place();
      const kinds: [string, Record<string, unknown>][] = [
        ['poison-warnings', { kind: 'poison', description: 'Köder' }],
        ['lost-dogs', { name: 'Flocke', description: 'Weiß', last_seen_at: '2026-06-01T10:00:00Z' }],
        ['playdates', { title: 'Treff', starts_at: '2026-07-01T09:00:00Z' }],
        ['walk-slots', { weekday: 1, start_time: '08:00', end_time: '09:00' }],
        ['adoptions', { title: 'Bruno', description: 'Lieb' }],
        ['events', { title: 'Schwimmen', starts_at: '2026-07-01T10:00:00Z' }],
        ['sitting', { type: 'offer', description: 'Ich passe auf' }],
        ['services', { name: 'Praxis', category: 'tierarzt' }],
      ];
      let i = 0;
      return {
        add: async (n) => {
          for (const end = i + n; i < end; i++) {
            // Every kind in turn: at N the queue holds five kinds, at 3N all eight.
            const [path, body] = kinds[i % kinds.length]!;
            const item = (
              await agentAs(t, await buildUser(t.ctx))
                .post(`/api/${path}`)
                .send({ ...here, ...body })
                .expect(201)
            ).body;
            await agentAs(t, reporter).post(`/api/${path}/${item.id}/report`).send({ reason: 'Falsch' }).expect(204);
          }
        },
        get: () => agentAs(t, mod).get('/api/moderation/map-reports'),
        size: (body) => body.items.filter((x: { reporter: { id: number } }) => x.reporter.id === reporter.id).length,
      };
    },
  },
  {
    route: 'GET /api/places',
    bound: 2,
    async scenario() {
      const here = place();
      const me = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++)
            await agentAs(t, await buildUser(t.ctx))
              .post('/api/places')
              .send({ lat: here.lat + 0.001 * i, lon: here.lon, name: `Ort ${i}`, types: ['tierarzt', 'hundesalon'], public: true })
              .expect(201);
        },
        get: () =>
          agentAs(t, me).get(`/api/places?bbox=${[here.lat - 0.01, here.lon - 0.01, here.lat + 0.04, here.lon + 0.01].map((v) => v.toFixed(4)).join(',')}`),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/routes',
    bound: 2,
    async scenario() {
      const me = await buildUser(t.ctx);
      const line = {
        type: 'LineString',
        coordinates: [
          [11.5755, 48.1374],
          [11.578, 48.1368],
        ],
      };
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++)
            await agentAs(t, me)
              .post('/api/routes')
              .send({ name: `Runde ${i}`, geometry: line, distance_m: 300 })
              .expect(201);
        },
        get: () => agentAs(t, me).get('/api/routes'),
        size: items,
      };
    },
  },
  ...(['GET /api/walks', 'GET /api/walks/weekly'] as const).map((route): Case => ({
    route,
    bound: 3,
    async scenario() {
      const o = await owner();
      const second = await buildDog(t.ctx, { user: o.user, name: 'Luna' });
      let i = 0;
      return {
        add: async (n) => {
          for (const end = i + n; i < end; i++)
            await o
              .a()
              .post('/api/walks')
              .send({ dog_ids: [o.dog.id, second.id], started_at: `${may(i)}T07:00:00Z`, duration_min: 30 })
              .expect(201);
        },
        get: () => o.a().get(route === 'GET /api/walks' ? '/api/walks' : '/api/walks/weekly'),
        size: route === 'GET /api/walks' ? items : undefined,
      };
    },
  })),
  {
    route: 'GET /api/map-contrib',
    bound: 4,
    async scenario() {
      const me = await buildUser(t.ctx);
      return {
        add: async (n) => {
          const now = t.ctx.clock.now().toISOString();
          for (let i = 0; i < n; i++)
            await t.ctx.db
              .insertInto('map_contributions')
              .values({
                user_id: me.id,
                osm_type: 'node',
                osm_id: 1_000_000 + ++seq,
                venue_kind: 'cafe',
                venue_name: `Café ${i}`,
                lat: 52.5,
                lon: 13.4,
                reason: null,
                last_error: null,
                changeset_id: null,
                version_after: null,
                uploading_since: null,
                uploaded_at: null,
                checked_at: null,
                created_at: now,
                updated_at: now,
              })
              .execute();
        },
        get: () => agentAs(t, me).get('/api/map-contrib'),
        size: items,
      };
    },
  },
  // ── admin ──
  {
    route: 'GET /api/admin/users/search',
    bound: 2,
    async scenario() {
      const admin = await buildAdmin(t.ctx);
      const name = word('Kontoname');
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) {
            const u = await buildUser(t.ctx, { name: `${name} ${i}` });
            await buildDog(t.ctx, { user: u });
          }
        },
        get: () => agentAs(t, admin).get(`/api/admin/users/search?q=${name}`),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/admin/invoices',
    bound: 2,
    async scenario() {
      const admin = await buildAdmin(t.ctx);
      const user = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) await buildInvoice(t.ctx, { user });
        },
        get: () => agentAs(t, admin).get(`/api/admin/invoices?user_id=${user.id}`),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/invoices',
    bound: 2,
    async scenario() {
      const user = await buildUser(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) await buildInvoice(t.ctx, { user });
        },
        get: () => agentAs(t, user).get('/api/invoices'),
        size: items,
      };
    },
  },
  {
    route: 'GET /api/admin/partner/codes',
    bound: 2,
    async scenario() {
      const admin = await buildAdmin(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) await buildPartnerCode(t.ctx, { created_by: admin.id });
        },
        get: () => agentAs(t, admin).get('/api/admin/partner/codes?limit=200'),
      };
    },
  },
  {
    route: 'GET /api/admin/upgrade-requests',
    bound: 2,
    async scenario() {
      const admin = await buildAdmin(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) await buildUpgradeRequest(t.ctx);
        },
        get: () => agentAs(t, admin).get('/api/admin/upgrade-requests?limit=200'),
      };
    },
  },
  {
    route: 'GET /api/admin/stats',
    bound: 9,
    async scenario() {
      const admin = await buildAdmin(t.ctx);
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++)
            await agentAs(t, await buildUser(t.ctx))
              .post('/api/places')
              .send({ ...place(), name: `Ort ${i}`, types: [word('typ').replace(/\d/g, 'a'), 'tierarzt'] })
              .expect(201);
        },
        get: () => agentAs(t, admin).get('/api/admin/stats'),
      };
    },
  },
  ...(['GET /api/help', 'GET /api/admin/help-articles'] as const).map((route): Case => ({
    route,
    bound: 2,
    async scenario() {
      const admin = await buildAdmin(t.ctx);
      return {
        // Through the admin route: /api/help keeps its list for a minute, and only the admin's writes empty that cache.
        add: async (n) => {
          for (let i = 0; i < n; i++)
            await agentAs(t, admin)
              .post('/api/admin/help-articles')
              .send({ category: 'konto', title: `Frage ${word('h')}`, body: 'Antwort', active: 1 })
              .expect(201);
        },
        get: () => agentAs(t, admin).get(route === 'GET /api/help' ? '/api/help' : '/api/admin/help-articles?limit=200'),
      };
    },
  })),
];

/** Writes that tell many people: a warning tells everybody near it, a report every moderator and admin. */
const FAN_OUT: Case[] = [
  ...(
    [
      ['poison-warnings', 'poison_nearby', { kind: 'poison', description: 'Köder am Spielplatz' }],
      ['lost-dogs', 'lost_dog_nearby', { name: 'Flocke', description: 'Weiß, scheu', last_seen_at: '2026-06-01T10:00:00Z' }],
    ] as const
  ).map(([path, type, body]): Case => ({
    route: `POST /api/${path} (people nearby)`,
    bound: 9,
    async scenario() {
      const here = place();
      let author: BuiltUser;
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) {
            const neighbour = await buildUser(t.ctx, { lat: here.lat + 0.001 * i, lon: here.lon });
            // Half of them with a device: their pushes are queued too.
            if (i % 2 === 0)
              await t.ctx.db
                .insertInto('push_subscriptions')
                .values({
                  user_id: neighbour.id,
                  endpoint: `https://push.example/${word('e')}`,
                  p256dh: 'k',
                  auth: 'a',
                  created_at: t.ctx.clock.now().toISOString(),
                  updated_at: t.ctx.clock.now().toISOString(),
                })
                .execute();
          }
        },
        prepare: async () => {
          author = await buildUser(t.ctx);
        },
        get: () =>
          agentAs(t, author)
            .post(`/api/${path}`)
            .send({ ...here, ...body }),
        status: 201,
        size: async (item) =>
          (await t.ctx.db.selectFrom('notifications').select('id').where('type', '=', type).where('url', 'like', `%/${item.id}`).execute()).length,
      };
    },
  })),
  {
    route: 'POST /api/forum/posts/{id}/report (moderators)',
    // 10: the post is looked up by the route's authorize, before the body is read, and again by the service.
    bound: 10,
    async scenario() {
      const author = await buildUser(t.ctx);
      let postId = 0;
      let reporter: BuiltUser;
      return {
        add: async (n) => {
          for (let i = 0; i < n; i++) await buildModerator(t.ctx);
        },
        prepare: async () => {
          const thread = (await agentAs(t, author).post('/api/forum/threads').send({ category: 'allgemeines', title: 'Werbung', body: 'Kauft!' }).expect(201))
            .body;
          postId = thread.posts[0].id;
          reporter = await buildUser(t.ctx);
        },
        get: () => agentAs(t, reporter).post(`/api/forum/posts/${postId}/report`).send({ reason: 'Werbung' }),
        status: 204,
      };
    },
  },
];

const counted: { route: string; small: number; large: number }[] = [];

describe('queries per request (issue 29): a route runs as many statements for 3N items as for N', () => {
  for (const c of [...CASES, ...FAN_OUT]) {
    it(`${c.route}: at most ${c.bound}, the same for ${N} and ${3 * N} items`, async () => {
      const s = await c.scenario();
      await s.add(N);
      await s.prepare?.();
      const small = await queries.during(t.ctx, () => s.get());
      expect(small.result.status, JSON.stringify(small.result.body)).toBe(s.status ?? 200);
      if (s.size) expect(await s.size(small.result.body)).toBe(N);
      await s.add(2 * N);
      await s.prepare?.();
      const large = await queries.during(t.ctx, () => s.get());
      expect(large.result.status).toBe(s.status ?? 200);
      if (s.size) expect(await s.size(large.result.body)).toBe(3 * N);
      counted.push({ route: c.route, small: small.count, large: large.count });
      expect(large.count, `${c.route}: ${small.count} statements for ${N} items, ${large.count} for ${3 * N}:\n${large.sql.join('\n')}`).toBe(small.count);
      expect(small.count, `${c.route}:\n${small.sql.join('\n')}`).toBeLessThanOrEqual(c.bound);
    });
  }
  it.skipIf(!process.env.QUERY_COUNTS_REPORT)('report', () => {
    console.warn(counted.map((c) => `| \`${c.route}\` | ${c.small} | ${c.large} |`).join('\n'));
  });
});
