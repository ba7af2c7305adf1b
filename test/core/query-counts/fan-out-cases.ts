import { agentAs, buildModerator, buildUser, type BuiltUser } from '../../helpers/factories.js';
import type { TestApp } from '../../helpers/test-app.js';
import type { Case, Kit } from './kit.js';
import { times } from './kit.js';

/** Writes that tell many people: a warning tells everybody near it, a report every moderator and admin. */
export function fanOutCases(t: TestApp, k: Kit): Case[] {
  const { word, place } = k;
  return [
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
          add: (n) =>
            times(n, async (i) => {
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
            }),
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
          add: (n) => times(n, () => buildModerator(t.ctx)),
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
}
