import type { AppContext } from '../../../core/context.js';
import { PageQuery, pageSchema } from '../../../core/http/pagination.js';
import { route, type Routes } from '../../../core/http/route.js';
import { CreateDogBody, Dog, DogIdParam, UpdateDogBody } from './dogs.schemas.js';
import { changeDog, createDog, getDog, listOwnDogs, removeDog } from './dogs.service.js';

const tags = ['Hunde'];
const owned = { 403: { description: 'Nicht dein Hund' }, 404: { description: 'Hund gibt es nicht' } };

export function dogsRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/dogs',
      summary: 'Die eigenen Hunde',
      tags,
      access: 'user',
      query: PageQuery,
      responses: { 200: { description: 'Liste', schema: pageSchema(Dog) } },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await listOwnDogs(ctx, actor, query));
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
    async ({ body, actor }, _req, res) => {
      res.status(201).json(await createDog(ctx, actor, body));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/dogs/:dogId',
      summary: 'Ein Hund',
      tags,
      access: 'user',
      params: DogIdParam,
      responses: { 200: { description: 'Hund', schema: Dog }, ...owned },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await getDog(ctx, actor, params.dogId));
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
    async ({ params, body, actor }, _req, res) => {
      res.json(await changeDog(ctx, actor, params.dogId, body));
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
    async ({ params, actor }, _req, res) => {
      await removeDog(ctx, actor, params.dogId);
      res.status(204).end();
    },
  );
}
