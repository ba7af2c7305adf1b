import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { FriendList, FriendRequest, FriendRequestBody, FriendRequests, UserIdParam, UserSearchQuery, UserSearchResult } from './friends.schemas.js';
import { accept, block, dropRequest, listFriends, listRequests, searchUsers, sendRequest, unblock, unfriend } from './friends.service.js';
import { z } from 'zod';

const tags = ['Freunde'];
const refused = { 403: { description: 'Betrifft dich nicht' }, 404: { description: 'Gibt es nicht' } };

export function friendsRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/users/search',
      summary: 'Leute zum Befreunden suchen (Name; nie private Profile, Blockierte oder du selbst)',
      tags,
      access: 'user',
      query: UserSearchQuery,
      responses: { 200: { description: 'Treffer', schema: UserSearchResult } },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await searchUsers(ctx, actor, query.q));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/friends/requests',
      summary: 'Freundschaftsanfrage schicken (Push an die andere Person)',
      tags,
      access: 'user',
      body: FriendRequestBody,
      responses: {
        201: { description: 'Gesendet', schema: z.object({ id: z.number().int(), status: z.literal('pending') }) },
        404: refused[404],
        409: { description: 'Schon angefragt oder befreundet' },
      },
    },
    async ({ body, actor }, _req, res) => {
      res.status(201).json(await sendRequest(ctx, actor, body.user_id));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/friends/requests',
      summary: 'Offene Anfragen an dich und von dir',
      tags,
      access: 'user',
      responses: { 200: { description: 'Anfragen', schema: FriendRequests } },
    },
    async ({ actor }, _req, res) => {
      res.json(await listRequests(ctx, actor));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/friends/requests/:id/accept',
      summary: 'Anfrage annehmen (nur wer sie bekommen hat)',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 200: { description: 'Angenommen', schema: FriendRequest }, ...refused, 409: { description: 'Nicht mehr offen' } },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await accept(ctx, actor, params.id));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/friends/requests/:id',
      summary: 'Anfrage ablehnen oder zurückziehen',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 204: { description: 'Erledigt' }, ...refused, 409: { description: 'Schon befreundet' } },
    },
    async ({ params, actor }, _req, res) => {
      await dropRequest(ctx, actor, params.id);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/friends',
      summary: 'Deine Freundinnen und Freunde',
      tags,
      access: 'user',
      responses: { 200: { description: 'Liste', schema: FriendList } },
    },
    async ({ actor }, _req, res) => {
      res.json(await listFriends(ctx, actor));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/friends/:userId',
      summary: 'Entfreunden',
      tags,
      access: 'user',
      params: UserIdParam,
      responses: { 204: { description: 'Entfreundet' }, 404: refused[404] },
    },
    async ({ params, actor }, _req, res) => {
      await unfriend(ctx, actor, params.userId);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/users/:id/block',
      summary: 'Blockieren: beendet eine Freundschaft und versteckt euch voreinander',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 204: { description: 'Blockiert' }, 404: refused[404] },
    },
    async ({ params, actor }, _req, res) => {
      await block(ctx, actor, params.id);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/users/:id/block',
      summary: 'Blockierung aufheben',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 204: { description: 'Aufgehoben' }, 404: refused[404] },
    },
    async ({ params, actor }, _req, res) => {
      await unblock(ctx, actor, params.id);
      res.status(204).end();
    },
  );
}
