import type { AppContext } from '../../../core/context.js';
import { pageSchema } from '../../../core/http/pagination.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { AdminUser } from './admin-user-view.js';
import { UpdateUserAdminBody, UserSearchQuery } from './admin-users.schemas.js';
import { deleteUserAsAdmin, getUser, search, updateUser } from './admin-users.service.js';

const tags = ['Admin: Konten'];
const missing = { 404: { description: 'Konto gibt es nicht' } };

export function adminUsersRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/users/search',
      summary: 'Konten nach Namen suchen (Admins auch nach E-Mail); E-Mail für Moderatoren maskiert',
      tags,
      access: 'staff',
      query: UserSearchQuery,
      responses: { 200: { description: 'Treffer, nach Namen sortiert', schema: pageSchema(AdminUser) } },
    },
    async ({ actor, query }, _req, res) => {
      res.json(await search(ctx, actor, query));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/users/:id',
      summary: 'Ein Konto',
      tags,
      access: 'staff',
      params: IdParam,
      responses: { 200: { description: 'Konto', schema: AdminUser }, ...missing },
    },
    async ({ actor, params }, _req, res) => {
      res.json(await getUser(ctx, actor, params.id));
    },
  );

  route(
    routes,
    {
      method: 'patch',
      path: '/api/admin/users/:id',
      summary: 'Status (aktiv, gesperrt, verbannt) oder Partner-Status ändern',
      tags,
      access: 'staff',
      params: IdParam,
      body: UpdateUserAdminBody,
      responses: {
        200: { description: 'Geändert', schema: AdminUser },
        403: { description: 'Partner-Status nur für Admins; Moderatoren sperren keine Admins/Moderatoren' },
        409: { description: 'Eigener Status' },
        ...missing,
      },
    },
    async ({ actor, params, body }, _req, res) => {
      res.json(await updateUser(ctx, actor, params.id, body));
    },
  );

  route(
    routes,
    {
      method: 'delete',
      path: '/api/admin/users/:id',
      summary: 'Konto löschen (wie DELETE /api/me; Rechnungen bleiben 10 Jahre)',
      tags,
      access: 'admin',
      params: IdParam,
      responses: { 204: { description: 'Gelöscht' }, 409: { description: 'Eigenes Konto' }, ...missing },
    },
    async ({ actor, params }, _req, res) => {
      await deleteUserAsAdmin(ctx, actor, params.id);
      res.status(204).end();
    },
  );
}
