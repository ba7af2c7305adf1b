import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { requireDogAccess } from '#core/auth/ownership.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { Invitation, InviteBody, Member, SharedDog } from './members.schemas.js';
import { acceptInvitation, declineInvitation, inviteMember, listInvitations, listMembers, removeMember, sharedDogs } from './members.service.js';

const tags = ['Familie'];
const refused = { 403: { description: 'Kein Zugriff' }, 404: { description: 'Gibt es nicht' } };

export function membersRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/dogs/:dogId/members', 'Wer den Hund mitbetreut (Einladungen und Betreuer)', {
    responses: { 200: ['Liste', z.object({ items: z.array(Member) })], ...refused },
    run: ({ params, actor }) => listMembers(ctx, actor, params.dogId),
  });
  api.post('/api/dogs/:dogId/members', 'Jemanden per E-Mail als Betreuer einladen (nur Besitzer)', {
    authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, 'manage'),
    body: InviteBody,
    responses: { 201: ['Eingeladen', Member], ...refused, 409: 'Schon eingeladen' },
    run: ({ params, body, actor }) => inviteMember(ctx, actor, params.dogId, body),
  });
  api.delete('/api/dog-members/:id', 'Betreuer entfernen oder Einladung zurückziehen (nur Besitzer)', {
    responses: { 204: 'Entfernt', ...refused },
    run: ({ params, actor }) => removeMember(ctx, actor, params.id),
  });
  api.get('/api/dog-invitations', 'Einladungen an meine E-Mail-Adresse, neueste zuerst, seitenweise', {
    query: PageQuery,
    responses: { 200: ['Eine Seite Einladungen', pageSchema(Invitation).meta({ id: 'InvitationPage' })] },
    run: ({ query, actor }) => listInvitations(ctx, actor, query),
  });
  api.post('/api/dog-invitations/:id/accept', 'Einladung annehmen', {
    responses: { 200: ['Angenommen', Invitation], ...refused },
    run: ({ params, actor }) => acceptInvitation(ctx, actor, params.id),
  });
  api.delete('/api/dog-invitations/:id', 'Einladung ablehnen oder als Betreuer aufhören', {
    responses: { 204: 'Erledigt', ...refused },
    run: ({ params, actor }) => declineInvitation(ctx, actor, params.id),
  });
  api.get('/api/shared-dogs', 'Hunde, die andere mit mir teilen, nach id, seitenweise', {
    query: PageQuery,
    responses: { 200: ['Eine Seite Hunde', pageSchema(SharedDog).meta({ id: 'SharedDogPage' })] },
    run: ({ query, actor }) => sharedDogs(ctx, actor, query),
  });
}
