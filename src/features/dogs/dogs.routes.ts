import type { AppContext } from '../../core/context.js';
import { unauthorized } from '../../core/http/errors.js';
import { PageQuery, pageSchema } from '../../core/http/pagination.js';
import { route, type Routes } from '../../core/http/route.js';
import { CreateDogBody, Dog, DogIdParam, UpdateDogBody } from './dogs.schemas.js';
import { changeDog, createDog, getOwnedDog, listOwnDogs, removeDog } from './dogs.service.js';

const tags = ['Hunde'];
const owned = { 403: { description: 'Nicht dein Hund' }, 404: { description: 'Hund gibt es nicht' } };

export function dogsRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    { method: 'get', path: '/api/dogs', summary: 'Die eigenen Hunde', tags, access: 'user', query: PageQuery, responses: { 200: { description: 'Liste', schema: pageSchema(Dog) } } },
    async ({ query }, req, res) => {
      if (!req.user) throw unauthorized();
      res.json(await listOwnDogs(ctx, req.user.id, query));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/dogs',
      summary: 'Hund anlegen; aktiviert eine vorgemerkte Gründerlizenz',
      tags,
      access: 'user',
      body: CreateDogBody,
      responses: { 201: { description: 'Angelegt', schema: Dog }, 422: { description: 'Feld zu lang (Name/Rasse 80, Bio 2000)' } },
    },
    async ({ body }, req, res) => {
      if (!req.user) throw unauthorized();
      res.status(201).json(await createDog(ctx, req.user.id, body));
    },
  );

  route(
    routes,
    { method: 'get', path: '/api/dogs/:dogId', summary: 'Ein Hund', tags, access: 'user', params: DogIdParam, responses: { 200: { description: 'Hund', schema: Dog }, ...owned } },
    async ({ params }, req, res) => {
      res.json(await getOwnedDog(ctx, req, params.dogId));
    },
  );

  route(
    routes,
    {
      method: 'patch',
      path: '/api/dogs/:dogId',
      summary: 'Hund ändern (nur die mitgeschickten Felder)',
      tags,
      access: 'user',
      params: DogIdParam,
      body: UpdateDogBody,
      responses: { 200: { description: 'Geändert', schema: Dog }, ...owned, 422: { description: 'Feld zu lang' } },
    },
    async ({ params, body }, req, res) => {
      res.json(await changeDog(ctx, req, params.dogId, body));
    },
  );

  route(
    routes,
    {
      method: 'delete',
      path: '/api/dogs/:dogId',
      summary: 'Hund löschen, mit allen seinen Einträgen und Dateien',
      tags,
      access: 'user',
      params: DogIdParam,
      responses: { 204: { description: 'Gelöscht' }, ...owned },
    },
    async ({ params }, req, res) => {
      await removeDog(ctx, req, params.dogId);
      res.status(204).end();
    },
  );
}
