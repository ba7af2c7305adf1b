import type { AppContext } from '../../core/context.js';
import { unauthorized } from '../../core/http/errors.js';
import { pageSchema } from '../../core/http/pagination.js';
import { route, type Routes } from '../../core/http/route.js';
import { AdminUser } from './admin-user-view.js';
import { AdminUserIdParam, UpdateUserAdminBody, UserSearchQuery } from './admin-users.schemas.js';
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
    async ({ query }, req, res) => {
      if (!req.user) throw unauthorized();
      res.json(await search(ctx, req.user, query));
    },
  );

  route(
    routes,
    { method: 'get', path: '/api/admin/users/:id', summary: 'Ein Konto', tags, access: 'staff', params: AdminUserIdParam, responses: { 200: { description: 'Konto', schema: AdminUser }, ...missing } },
    async ({ params }, req, res) => {
      if (!req.user) throw unauthorized();
      res.json(await getUser(ctx, req.user, params.id));
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
      params: AdminUserIdParam,
      body: UpdateUserAdminBody,
      responses: {
        200: { description: 'Geändert', schema: AdminUser },
        403: { description: 'Partner-Status nur für Admins; Moderatoren sperren keine Admins/Moderatoren' },
        409: { description: 'Eigener Status' },
        ...missing,
      },
    },
    async ({ params, body }, req, res) => {
      if (!req.user) throw unauthorized();
      res.json(await updateUser(ctx, req.user, params.id, body));
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
      params: AdminUserIdParam,
      responses: { 204: { description: 'Gelöscht' }, 409: { description: 'Eigenes Konto' }, ...missing },
    },
    async ({ params }, req, res) => {
      if (!req.user) throw unauthorized();
      await deleteUserAsAdmin(ctx, req.user, params.id);
      res.status(204).end();
    },
  );
}
