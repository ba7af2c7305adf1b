import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { ChangePasswordBody, DeleteAccountBody, UpdateProfileBody } from './profile.schemas.js';
import { knownDeviceOf } from './known-device.js';
import { changePassword, deleteOwnAccount, updateProfile } from './profile.service.js';
import { CurrentUser, toCurrentUser } from './user-view.js';

const tags = ['Konto'];

export function profileRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'patch',
      path: '/api/me',
      summary: 'Profil ändern (keine E-Mail, keine Rechte-Felder)',
      tags,
      access: 'user',
      body: UpdateProfileBody,
      responses: { 200: { description: 'Geändertes Konto', schema: CurrentUser }, 422: { description: 'Feld zu lang' } },
    },
    async ({ actor, body }, _req, res) => {
      res.json(toCurrentUser(await updateProfile(ctx, actor, body)));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/me/password',
      summary: 'Passwort ändern; beendet alle anderen Sitzungen',
      tags,
      access: 'user',
      body: ChangePasswordBody,
      responses: { 204: { description: 'Geändert' }, 403: { description: 'Aktuelles Passwort falsch' } },
    },
    async ({ actor, body }, req, res) => {
      const user = await changePassword(ctx, actor, body, knownDeviceOf(ctx, req, actor.id));
      // This device stays logged in with a fresh token; every other session is over.
      ctx.sessions.issue(res, user);
      res.status(204).end();
    },
  );

  route(
    routes,
    {
      method: 'delete',
      path: '/api/me',
      summary: 'Konto löschen (mit Passwort bestätigt)',
      tags,
      access: 'user',
      body: DeleteAccountBody,
      responses: { 204: { description: 'Gelöscht' }, 403: { description: 'Passwort falsch' } },
    },
    async ({ actor, body }, req, res) => {
      await deleteOwnAccount(ctx, actor, body.password, knownDeviceOf(ctx, req, actor.id));
      ctx.sessions.clear(res);
      res.status(204).end();
    },
  );
}
