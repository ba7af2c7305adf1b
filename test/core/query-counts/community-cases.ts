import { agentAs, buildDog, buildModerator, buildUser } from '../../helpers/factories.js';
import type { TestApp } from '../../helpers/test-app.js';
import { nextSeq, type Case, type Kit, times } from './kit.js';

/** Lists of the community and the map: friends and messages, the forum, the map's kinds and walks. */
export function communityCases(t: TestApp, k: Kit): Case[] {
  const { items, word, place, may, owner, befriend, nearbyKind } = k;
  return [
    // ── friends and messages ──
    {
      route: 'GET /api/friends',
      bound: 2,
      async scenario() {
        const me = await buildUser(t.ctx);
        return {
          add: (n) => times(n, async () => befriend(await buildUser(t.ctx), me)),
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
          add: (n) =>
            times(n, async () =>
              agentAs(t, await buildUser(t.ctx))
                .post('/api/friends/requests')
                .send({ user_id: me.id })
                .expect(201),
            ),
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
          add: (n) =>
            times(n, async () =>
              agentAs(t, me)
                .post(`/api/users/${(await buildUser(t.ctx)).id}/block`)
                .expect(204),
            ),
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
          add: (n) => times(n, (i) => buildUser(t.ctx, { name: `${name} ${i}` })),
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
          add: (n) =>
            times(n, async () => {
              const friend = await buildUser(t.ctx);
              await befriend(friend, me);
              await agentAs(t, friend).post(`/api/conversations/${me.id}/messages`).send({ text: 'Gassi um 5?' }).expect(201);
              await agentAs(t, me).post(`/api/conversations/${friend.id}/messages`).send({ text: 'Gern!' }).expect(201);
            }),
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
          add: (n) =>
            times(n, (i) =>
              agentAs(t, friend)
                .post(`/api/conversations/${me.id}/messages`)
                .send({ text: `Nachricht ${i}` })
                .expect(201),
            ),
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
          add: (n) =>
            times(n, async (i) => {
              const author = await buildUser(t.ctx);
              const thread = (
                await agentAs(t, author)
                  .post('/api/forum/threads')
                  .send({ category: 'reisen', title: `Thema ${i}`, body: 'Frage' })
                  .expect(201)
              ).body;
              await agentAs(t, me).post(`/api/forum/threads/${thread.id}/posts`).send({ body: 'Antwort' }).expect(201);
            }),
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
          add: (n) =>
            times(n, async (i) =>
              agentAs(t, await buildUser(t.ctx))
                .post(`/api/forum/threads/${thread.id}/posts`)
                .send({ body: `Beitrag ${i}` })
                .expect(201),
            ),
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
          add: (n) =>
            times(n, async (i) => {
              const author = await buildUser(t.ctx);
              const thread = (
                await agentAs(t, author)
                  .post('/api/forum/threads')
                  .send({ category: 'welpen', title: `Werbung ${i}`, body: 'Kauft!' })
                  .expect(201)
              ).body;
              await agentAs(t, reporter).post(`/api/forum/posts/${thread.posts[0].id}/report`).send({ reason: 'Werbung' }).expect(204);
            }),
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
      bound: 6,
      adaptiveSteps: true,
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
          add: (n) =>
            times(n, async () => {
              const other = await buildUser(t.ctx);
              const dog = await buildDog(t.ctx, { user: other, sex: 'female' });
              await agentAs(t, other)
                .post('/api/walk-slots')
                .send({ ...here, weekday: 2, start_time: '08:30', end_time: '09:30', dog_id: dog.id })
                .expect(201);
            }),
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
          add: (n) =>
            times(n, async () => {
              const o = await owner();
              await o.a().post(`/api/playdates/${p.id}/participants`).send({ dog_id: o.dog.id }).expect(200);
            }),
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
          add: (n) =>
            times(n, async (i) =>
              agentAs(t, await buildUser(t.ctx))
                .post('/api/places')
                .send({ lat: here.lat + 0.001 * i, lon: here.lon, name: `Ort ${i}`, types: ['tierarzt', 'hundesalon'], public: true })
                .expect(201),
            ),
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
          add: (n) =>
            times(n, (i) =>
              agentAs(t, me)
                .post('/api/routes')
                .send({ name: `Runde ${i}`, geometry: line, distance_m: 300 })
                .expect(201),
            ),
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
                  osm_id: 1_000_000 + nextSeq(),
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
  ];
}
