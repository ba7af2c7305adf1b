import { z } from 'zod';
import { isStaff, type Actor, type SessionUser } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { conflict, forbidden, notFound } from '#core/http/route/errors.js';
import { keysetPage, type CursorRule, type Page } from '#core/http/route/pagination.js';
import { deleteAccount, endAllSessions, findUserById, setUserPartner, setUserStatus } from '../../accounts/accounts/index.js';
import { toAdminUser, type AdminUser } from './admin-user-view.js';
import { searchUsers } from './admin-users.repo.js';
import type { UpdateUserAdminBody, UserSearchQuery } from './admin-users.schemas.js';

/** Search hits are ordered by name, then id. */
const byNameThenId: CursorRule<{ name: string; id: number }, SessionUser> = {
  schema: z.object({ name: z.string(), id: z.number().int() }),
  of: (u) => ({ name: u.name, id: u.id }),
};

/** decisions.md: by name; admins also by email (moderators only ever see masked addresses). */
export async function search(ctx: AppContext, viewer: Actor, query: UserSearchQuery): Promise<Page<AdminUser>> {
  const includeEmail = viewer.rolle === 'admin';
  return keysetPage(
    query,
    byNameThenId,
    (take, after) => searchUsers(ctx.db, { term: query.q, includeEmail, limit: take, after }),
    (u) => toAdminUser(u, viewer),
  );
}

async function loadUser(ctx: AppContext, id: number): Promise<SessionUser> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('Dieses Konto gibt es nicht.');
  return user;
}

export async function getUser(ctx: AppContext, viewer: Actor, id: number): Promise<AdminUser> {
  return toAdminUser(await loadUser(ctx, id), viewer);
}

/**
 * Status (staff) and partner flag (admins only). Moderators may not change admins or moderators, and nobody
 * changes their own status. Suspending or banning bumps the token version: every session of that user ends now.
 */
export async function updateUser(ctx: AppContext, viewer: Actor, id: number, body: UpdateUserAdminBody): Promise<AdminUser> {
  const target = await loadUser(ctx, id);
  if (body.is_partner !== undefined && viewer.rolle !== 'admin') throw forbidden('Den Partner-Status können nur Admins ändern.');
  if (body.status !== undefined) {
    if (target.id === viewer.id) throw conflict('Deinen eigenen Status kannst du nicht ändern.', 'own_account');
    if (viewer.rolle !== 'admin' && isStaff(target)) throw forbidden('Admins und Moderatoren kann nur ein Admin sperren.');
  }
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (body.status !== undefined && body.status !== target.status) {
      await setUserStatus(trx, id, body.status, now);
      if (body.status !== 'active') await endAllSessions(trx, id, now);
    }
    if (body.is_partner !== undefined) await setUserPartner(trx, id, body.is_partner, now);
  });
  if (body.status !== undefined && body.status !== target.status) ctx.log.info({ userId: id, by: viewer.id, status: body.status }, 'user status changed');
  return toAdminUser(await loadUser(ctx, id), viewer);
}

/** The same deletion as DELETE /api/me (records by ON DELETE, files after the commit, invoices kept). */
export async function deleteUserAsAdmin(ctx: AppContext, viewer: Actor, id: number): Promise<void> {
  if (id === viewer.id) throw conflict('Dein eigenes Konto löschst du in deinem Profil.', 'own_account');
  await deleteAccount(ctx, id);
  ctx.log.info({ userId: id, by: viewer.id }, 'account deleted by admin');
}
