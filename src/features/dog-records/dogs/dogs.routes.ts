import type { AppContext } from '#core/context.js';
import { requireDogAccess } from '#core/auth/ownership.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { CreateDogBody, Dog, UpdateDogBody } from './dogs.schemas.js';
import { changeDog, createDog, getDog, listOwnDogs, removeDog } from './dogs.service.js';

const tags = ['Hunde'];
const owned = { 403: { description: 'Nicht dein Hund' }, 404: { description: 'Hund gibt es nicht' } };

export function dogsRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/dogs', 'Die eigenen Hunde', {
    query: PageQuery,
    responses: { 200: ['Liste', pageSchema(Dog)] },
    run: ({ query, actor }) => listOwnDogs(ctx, actor, query),
  });

  api.post('/api/dogs', 'Hund anlegen; aktiviert eine vorgemerkte Gründerlizenz', {
    body: CreateDogBody,
    responses: { 201: ['Angelegt', Dog], 422: 'Feld zu lang (Name/Rasse 80, Bio 2000)' },
    run: ({ body, actor }) => createDog(ctx, actor, body),
  });

  api.get('/api/dogs/:dogId', 'Ein Hund', {
    responses: { 200: ['Hund', Dog], ...owned },
    run: ({ params, actor }) => getDog(ctx, actor, params.dogId),
  });

  api.patch('/api/dogs/:dogId', 'Hund ändern (nur die mitgeschickten Felder)', {
    authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, 'manage'),
    body: UpdateDogBody,
    responses: { 200: ['Geändert', Dog], ...owned, 422: 'Feld zu lang' },
    run: ({ params, body, actor }) => changeDog(ctx, actor, params.dogId, body),
  });

  api.delete('/api/dogs/:dogId', 'Hund löschen, mit allen seinen Einträgen und Dateien', {
    responses: { 204: 'Gelöscht', ...owned },
    run: ({ params, actor }) => removeDog(ctx, actor, params.dogId),
  });
}
