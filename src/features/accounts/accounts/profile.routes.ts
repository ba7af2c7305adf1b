import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { ChangePasswordBody, DeleteAccountBody, UpdateProfileBody } from './profile.schemas.js';
import { knownDeviceOf } from './known-device.js';
import { changePassword, deleteOwnAccount, updateProfile } from './profile.service.js';
import { CurrentUser, toCurrentUser } from './user-view.js';

const tags = ['Konto'];

export function profileRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.patch('/api/me', 'Profil ändern (keine E-Mail, keine Rechte-Felder)', {
    body: UpdateProfileBody,
    responses: { 200: ['Geändertes Konto', CurrentUser], 422: 'Feld zu lang' },
    run: async ({ actor, body }) => toCurrentUser(await updateProfile(ctx, actor, body)),
  });

  api.post('/api/me/password', 'Passwort ändern; beendet alle anderen Sitzungen', {
    body: ChangePasswordBody,
    responses: { 204: 'Geändert', 403: 'Aktuelles Passwort falsch', 429: 'Gesperrt nach Fehlversuchen, mit Retry-After' },
    run: async ({ actor, body }, req, res) => {
      const user = await changePassword(ctx, actor, body, knownDeviceOf(ctx, req, actor.id));
      ctx.sessions.issue(res, user);
    },
  });

  api.delete('/api/me', 'Konto löschen (mit Passwort bestätigt)', {
    body: DeleteAccountBody,
    responses: { 204: 'Gelöscht', 403: 'Passwort falsch', 429: 'Gesperrt nach Fehlversuchen, mit Retry-After' },
    run: async ({ actor, body }, req, res) => {
      await deleteOwnAccount(ctx, actor, body.password, knownDeviceOf(ctx, req, actor.id));
      ctx.sessions.clear(res);
    },
  });
}
