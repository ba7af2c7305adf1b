import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { DogIdParam, IdParam } from '../../../core/http/schema-kit.js';
import { Invitation, InviteBody, Member, SharedDog } from './members.schemas.js';
import { acceptInvitation, declineInvitation, inviteMember, listInvitations, listMembers, removeMember, sharedDogs } from './members.service.js';

const tags = ['Familie'];
const refused = { 403: { description: 'Kein Zugriff' }, 404: { description: 'Gibt es nicht' } };

export function membersRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/dogs/:dogId/members',
      summary: 'Wer den Hund mitbetreut (Einladungen und Betreuer)',
      tags,
      access: 'user',
      params: DogIdParam,
      responses: { 200: { description: 'Liste', schema: z.object({ items: z.array(Member) }) }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await listMembers(ctx, actor, params.dogId));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/dogs/:dogId/members',
      summary: 'Jemanden per E-Mail als Betreuer einladen (nur Besitzer)',
      tags,
      access: 'user',
      params: DogIdParam,
      body: InviteBody,
      responses: { 201: { description: 'Eingeladen', schema: Member }, ...refused, 409: { description: 'Schon eingeladen' } },
    },
    async ({ params, body, actor }, _req, res) => {
      res.status(201).json(await inviteMember(ctx, actor, params.dogId, body));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/dog-members/:id',
      summary: 'Betreuer entfernen oder Einladung zurückziehen (nur Besitzer)',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 204: { description: 'Entfernt' }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      await removeMember(ctx, actor, params.id);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/dog-invitations',
      summary: 'Einladungen an meine E-Mail-Adresse',
      tags,
      access: 'user',
      responses: { 200: { description: 'Liste', schema: z.object({ items: z.array(Invitation) }) } },
    },
    async ({ actor }, _req, res) => {
      res.json(await listInvitations(ctx, actor));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/dog-invitations/:id/accept',
      summary: 'Einladung annehmen',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 200: { description: 'Angenommen', schema: Invitation }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await acceptInvitation(ctx, actor, params.id));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/dog-invitations/:id',
      summary: 'Einladung ablehnen oder als Betreuer aufhören',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 204: { description: 'Erledigt' }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      await declineInvitation(ctx, actor, params.id);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/shared-dogs',
      summary: 'Hunde, die andere mit mir teilen',
      tags,
      access: 'user',
      responses: { 200: { description: 'Liste', schema: z.object({ items: z.array(SharedDog) }) } },
    },
    async ({ actor }, _req, res) => {
      res.json(await sharedDogs(ctx, actor));
    },
  );
}
