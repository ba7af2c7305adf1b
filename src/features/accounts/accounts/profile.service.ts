import type { z } from 'zod';
import { hashPassword } from '#core/auth/passwords.js';
import type { Actor, SessionUser } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { AppError, notFound } from '#core/http/route/errors.js';
import { keyPrefixOf, userMediaUrlPrefix } from '#core/media/paths.js';
import { placeFromHomeArea } from '../place/index.js';
import { checkPasswordWithLockout } from './password-check.js';
import type { ChangePasswordBody, UpdateProfileBody } from './profile.schemas.js';
import { deleteUserRow, endAllSessions, findPasswordHash, findUserById, updateUser } from './users.repo.js';

const wrongPassword = (field: string, message: string) => new AppError(403, 'wrong_password', message, { [field]: 'Das Passwort stimmt nicht.' });

export async function updateProfile(ctx: AppContext, actor: Actor, body: UpdateProfileBody): Promise<SessionUser> {
  if (Object.keys(body).length > 0) await updateUser(ctx.db, actor.id, { ...body, updated_at: ctx.clock.now().toISOString() });
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw notFound();
  // A new home area fills country and region (unless set by hand): issue 53.
  if ((body.lat !== undefined || body.lon !== undefined) && (user.lat !== actor.lat || user.lon !== actor.lon))
    await placeFromHomeArea(ctx, user.id, user.lat, user.lon);
  return user;
}

/** Changes the password and ends every session; the caller re-issues one for the current device. */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  body: z.infer<typeof ChangePasswordBody>,
  device: string | undefined,
): Promise<SessionUser> {
  const userId = actor.id;
  const hash = await findPasswordHash(ctx.db, userId);
  if (!(await checkPasswordWithLockout(ctx, { email: actor.email, userId, passwordHash: hash, device: device ?? null }, body.current_password)))
    throw wrongPassword('current_password', 'Dein aktuelles Passwort stimmt nicht.');
  const newHash = await hashPassword(body.new_password, ctx.config.auth.argon2);
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, { password_hash: newHash, updated_at: now });
    await endAllSessions(trx, userId, now);
  });
  const updated = await findUserById(ctx.db, userId);
  if (!updated) throw notFound();
  return updated;
}

/** The caller deletes their own account, confirmed with the password under the same lockout as the login. */
export async function deleteOwnAccount(ctx: AppContext, actor: Actor, password: string, device: string | undefined): Promise<void> {
  const hash = await findPasswordHash(ctx.db, actor.id);
  if (!(await checkPasswordWithLockout(ctx, { email: actor.email, userId: actor.id, passwordHash: hash, device: device ?? null }, password)))
    throw wrongPassword('password', 'Das Passwort stimmt nicht.');
  await deleteAccount(ctx, actor.id);
}

/**
 * Deletes the account: the user row goes, and with it (ON DELETE CASCADE) every record that belongs to the user;
 * the areas' deletion steps (ctx.accountDeletionSteps) run in the same transaction. What others must hear of it
 * (ctx.accountDeletionNotices: a cancelled playdate) is read in it before the row goes and sent after the commit.
 * Invoices keep their own billing snapshot and survive. Files go after the commit: no file I/O in a transaction.
 */
export async function deleteAccount(ctx: AppContext, userId: number): Promise<void> {
  const notices = await ctx.db.transaction().execute(async (trx) => {
    const toSend: (() => Promise<void>)[] = [];
    for (const read of ctx.accountDeletionNotices) toSend.push(await read(trx, userId));
    if (!(await deleteUserRow(trx, userId))) return null;
    for (const step of ctx.accountDeletionSteps) await step(trx, userId);
    return toSend;
  });
  if (!notices) throw notFound('Dieses Konto gibt es nicht.');
  for (const send of notices) {
    try {
      await send();
    } catch (err) {
      ctx.log.error({ err, userId }, 'a notice of the account deletion could not be sent');
    }
  }
  try {
    await ctx.media.removePrefix(keyPrefixOf(userMediaUrlPrefix(userId)));
  } catch (err) {
    ctx.log.error({ err, userId }, "the account's files could not be removed");
  }
  ctx.log.info({ userId }, 'account deleted');
}
