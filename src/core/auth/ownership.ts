import type { Request } from 'express';
import type { Db } from '../db/index.js';
import { forbidden, notFound, unauthorized } from '../http/errors.js';
import { isStaff } from './session-user.js';

export interface OwnedDog {
  id: number;
  user_id: number;
}

/**
 * The spec's ownership rule for everything below a dog: missing → 404, another user's → 403.
 * `allowStaff` lets admins and moderators through where a route allows that override.
 */
export async function loadOwnedDog(db: Db, req: Request, dogId: number, options: { allowStaff?: boolean } = {}): Promise<OwnedDog> {
  const user = req.user;
  if (!user) throw unauthorized();
  const dog = await db.selectFrom('dogs').select(['id', 'user_id']).where('id', '=', dogId).executeTakeFirst();
  if (!dog) throw notFound('Diesen Hund gibt es nicht.');
  if (dog.user_id !== user.id && !(options.allowStaff && isStaff(user))) throw forbidden('Das ist nicht dein Hund.');
  return dog;
}

/**
 * The same rule for any row whose owner is known: missing → 404, another user's → 403.
 * Messages are whole sentences because German articles depend on the noun ("diese Rechnung", "dieser Eintrag").
 */
export function assertOwner<T extends { user_id: number }>(
  req: Request,
  row: T | undefined,
  messages: { missing: string; foreign: string } = { missing: 'Diesen Eintrag gibt es nicht.', foreign: 'Dieser Eintrag gehört dir nicht.' },
): T {
  const user = req.user;
  if (!user) throw unauthorized();
  if (!row) throw notFound(messages.missing);
  if (row.user_id !== user.id) throw forbidden(messages.foreign);
  return row;
}
