import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import {
  Block,
  FriendList,
  FriendRequest,
  FriendRequestBody,
  DeclineRequestBody,
  FriendRequests,
  FriendRequestPage,
  UserSearchQuery,
  UserSearchResult,
} from './friends.schemas.js';
import {
  accept,
  block,
  declineRequest,
  ownIncomingRequest,
  dropRequest,
  listBlocks,
  listFriends,
  listRequestPage,
  listRequests,
  searchUsers,
  sendRequest,
  unblock,
  unfriend,
} from './friends.service.js';
import { z } from 'zod';

const tags = ['Freunde'];
const refused = { 403: { description: 'Betrifft dich nicht' }, 404: { description: 'Gibt es nicht' } };

export function friendsRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/users/search', 'Leute zum Befreunden suchen (Name; nie private Profile, Blockierte oder du selbst)', {
    query: UserSearchQuery,
    responses: { 200: ['Treffer', UserSearchResult] },
    run: ({ query, actor }) => searchUsers(ctx, actor, query.q),
  });
  api.post('/api/friends/requests', 'Freundschaftsanfrage schicken (Push an die andere Person)', {
    body: FriendRequestBody,
    responses: {
      201: ['Gesendet', z.object({ id: z.number().int(), status: z.literal('pending') })],
      404: refused[404],
      409: 'Schon angefragt oder befreundet',
    },
    run: ({ body, actor }) => sendRequest(ctx, actor, body.user_id),
  });
  api.get(
    '/api/friends/requests',
    'Offene Anfragen an dich und von dir: je die neuesten `limit` (Standard 200) und wie viele es sind; ganz seitenweise unter /incoming und /outgoing',
    {
      query: z.strictObject({ limit: PageQuery.shape.limit.unwrap().default(200) }),
      responses: { 200: ['Anfragen', FriendRequests] },
      run: ({ query, actor }) => listRequests(ctx, actor, query.limit),
    },
  );
  for (const side of ['incoming', 'outgoing'] as const)
    api.get(
      `/api/friends/requests/${side}`,
      side === 'incoming' ? 'Offene Anfragen an dich, neueste zuerst, seitenweise' : 'Deine offenen Anfragen, neueste zuerst, seitenweise',
      {
        query: PageQuery,
        responses: { 200: ['Eine Seite Anfragen', FriendRequestPage] },
        run: ({ query, actor }) => listRequestPage(ctx, actor, side, query),
      },
    );
  api.post('/api/friends/requests/:id/accept', 'Anfrage annehmen (nur wer sie bekommen hat)', {
    responses: { 200: ['Angenommen', FriendRequest], ...refused, 409: 'Nicht mehr offen' },
    run: ({ params, actor }) => accept(ctx, actor, params.id),
  });
  api.post('/api/friends/requests/:id/decline', 'Anfrage ablehnen, mit `block: true` die Person zugleich blockieren (nur wer sie bekommen hat)', {
    body: DeclineRequestBody,
    authorize: ({ params, actor }) => ownIncomingRequest(ctx, actor, params.id),
    responses: { 204: 'Abgelehnt', ...refused, 409: 'Nicht mehr offen' },
    run: ({ params, body, actor }) => declineRequest(ctx, actor, params.id, body.block === 1),
  });
  api.delete('/api/friends/requests/:id', 'Anfrage ablehnen oder zurückziehen', {
    responses: { 204: 'Erledigt', ...refused, 409: 'Schon befreundet' },
    run: ({ params, actor }) => dropRequest(ctx, actor, params.id),
  });
  api.get('/api/friends', 'Deine Freundinnen und Freunde nach Name, seitenweise', {
    query: PageQuery,
    responses: { 200: ['Eine Seite', FriendList] },
    run: ({ query, actor }) => listFriends(ctx, actor, query),
  });
  api.delete('/api/friends/:userId', 'Entfreunden', {
    responses: { 204: 'Entfreundet', 404: refused[404] },
    run: ({ params, actor }) => unfriend(ctx, actor, params.userId),
  });
  api.post('/api/users/:id/block', 'Blockieren: beendet eine Freundschaft und versteckt euch voreinander', {
    responses: { 204: 'Blockiert', 404: refused[404] },
    run: ({ params, actor }) => block(ctx, actor, params.id),
  });
  api.get('/api/users/blocks', 'Wen du blockiert hast, neueste zuerst (mit Aufheben in der App)', {
    query: PageQuery,
    responses: { 200: ['Eine Seite Blockierungen', pageSchema(Block).meta({ id: 'BlockPage' })] },
    run: ({ query, actor }) => listBlocks(ctx, actor, query),
  });
  api.delete('/api/users/:id/block', 'Blockierung aufheben', {
    responses: { 204: 'Aufgehoben', 404: refused[404] },
    run: ({ params, actor }) => unblock(ctx, actor, params.id),
  });
}
