import { agentAs, buildAdmin, buildDiaryEntry, buildDiaryMedia, buildDog, buildInvoice, buildUser, shareDog } from '../../helpers/factories.js';
import type { TestApp } from '../../helpers/test-app.js';
import type { Case, Kit } from './kit.js';
import { times } from './kit.js';

/** Lists of one's dogs and their records: dogs and sharing, the diary, health and the other per-dog records, the breeder's litters. */
export function dogCases(t: TestApp, k: Kit): Case[] {
  const { items, word, may, owner, entriesWithPhotos, recordKind } = k;
  return [
    // ── dogs and sharing ──
    {
      route: 'GET /api/dogs',
      bound: 2,
      async scenario() {
        const user = await buildUser(t.ctx);
        return {
          add: (n) => times(n, (i) => buildDog(t.ctx, { user, name: `Hund ${i}` })),
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
          add: (n) =>
            times(n, async () => {
              const o = await owner();
              await shareDog(t, o.a(), o.dog.id, me);
            }),
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
          add: (n) =>
            times(n, async () => {
              const o = await owner();
              await o.a().post(`/api/dogs/${o.dog.id}/members`).send({ email: me.email }).expect(201);
            }),
          get: () => agentAs(t, me).get('/api/dog-invitations'),
          size: items,
        };
      },
    },
    {
      route: 'GET /api/dogs/{dogId}/members',
      bound: 3,
      async scenario() {
        const o = await owner({ subscription_tier: 'pro', is_premium: 1 }); // 15 people: Pro's limit (src/shared/plans.ts)
        return {
          add: (n) => times(n, async () => shareDog(t, o.a(), o.dog.id, await buildUser(t.ctx))),
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
          add: (n) => times(n, () => buildDiaryMedia(t.ctx, { entry, lat: 52.5, lon: 13.4 })),
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
      // Wave 4 added two reads of their own, each one statement whatever the number of dogs: the owner's place (the
      // leash season) and the doses still due today. Folding them into the UNION ALL is the next step.
      bound: chosen ? 5 : 11,
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
        ['GET /api/expenses/summary (all dogs)', 3, '/api/expenses/summary?year=2026', undefined],
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
          add: (n) =>
            times(n, async (i) => {
              await buildDog(t.ctx, { user, name: `Hund ${i}` });
              await buildInvoice(t.ctx, { user });
            }),
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
          add: (n) =>
            times(n, (i) =>
              o
                .a()
                .post('/api/notes')
                .send({ parent_type: 'dog', parent_id: o.dog.id, rubrik: 'Allgemein', text: `Notiz ${i}` })
                .expect(201),
            ),
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
        const litter = (await o.a().post('/api/litters').send({ mother_dog_id: o.dog.id, mating_date: '2026-03-01', birth_date: '2026-05-02' }).expect(201))
          .body;
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
  ];
}
