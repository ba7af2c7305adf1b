import type { AppContext } from '#core/context.js';
import { pageSchema } from '#core/http/route/pagination.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { AdminUser } from './admin-user-view.js';
import { UpdateUserAdminBody, UserSearchQuery } from './admin-users.schemas.js';
import { deleteUserAsAdmin, getUser, search, updateUser } from './admin-users.service.js';

const tags = ['Admin: Konten'];
const missing = { 404: { description: 'Konto gibt es nicht' } };

export function adminUsersRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'staff' });
  api.get('/api/admin/users/search', 'Konten nach Namen suchen (Admins auch nach E-Mail); E-Mail für Moderatoren maskiert', {
    query: UserSearchQuery,
    responses: { 200: ['Treffer, nach Namen sortiert', pageSchema(AdminUser)] },
    run: ({ actor, query }) => search(ctx, actor, query),
  });

  api.get('/api/admin/users/:id', 'Ein Konto', {
    responses: { 200: ['Konto', AdminUser], ...missing },
    run: ({ actor, params }) => getUser(ctx, actor, params.id),
  });

  api.patch('/api/admin/users/:id', 'Status (aktiv, gesperrt, verbannt) oder Partner-Status ändern', {
    body: UpdateUserAdminBody,
    responses: {
      200: ['Geändert', AdminUser],
      403: 'Partner-Status nur für Admins; Moderatoren sperren keine Admins/Moderatoren',
      409: 'Eigener Status',
      ...missing,
    },
    run: ({ actor, params, body }) => updateUser(ctx, actor, params.id, body),
  });

  api.delete('/api/admin/users/:id', 'Konto löschen (wie DELETE /api/me; Rechnungen bleiben 10 Jahre)', {
    access: 'admin',
    responses: { 204: 'Gelöscht', 409: 'Eigenes Konto', ...missing },
    run: ({ actor, params }) => deleteUserAsAdmin(ctx, actor, params.id),
  });
}
