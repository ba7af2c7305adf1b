import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { conflict, notFound } from '#core/http/route/errors.js';
import { byId, keysetPage, type Page, type PageQuery } from '#core/http/route/pagination.js';
import { FOUNDER_PLACES, founderPlacesTaken } from './founder.repo.js';
import { codeExists, deleteCode, findCode, insertCode, listCodes } from './partner-codes.repo.js';
import { CODE_PATTERN, normalizeCode, type CreatePartnerCodeBody, type PartnerCode, type PartnerCodeInfo } from './partner.schemas.js';

export async function createCode(ctx: AppContext, actor: Actor, body: CreatePartnerCodeBody): Promise<PartnerCode> {
  // The unique index answers a race with 409 too (error handler); this check gives the friendlier message.
  if (await codeExists(ctx.db, body.code)) throw conflict('Diesen Partner-Code gibt es schon.', 'code_taken');
  return insertCode(ctx.db, { ...body, created_by: actor.id, now: ctx.clock.now().toISOString() });
}

/** Newest first. */
export async function listCodesPage(ctx: AppContext, query: PageQuery): Promise<Page<PartnerCode>> {
  return keysetPage(query, byId<PartnerCode>(), (take, after) => listCodes(ctx.db, take, after?.id));
}

/** Deleting a code ends further redemptions; licenses already granted through it stay. */
export async function removeCode(ctx: AppContext, rawCode: string): Promise<{ code: string; deleted: true }> {
  const code = normalizeCode(rawCode);
  if (!(await deleteCode(ctx.db, code))) throw notFound('Diesen Partner-Code gibt es nicht.');
  return { code, deleted: true };
}

/**
 * The registration form's live check. Never reveals uses or max_uses; an unknown and a used-up code look the same.
 * grants_founder is true only while a founder place is still free, so the form promises nothing it cannot keep.
 */
export async function codeInfo(ctx: AppContext, rawCode: string): Promise<PartnerCodeInfo> {
  const code = normalizeCode(rawCode);
  const row = CODE_PATTERN.test(code) ? await findCode(ctx.db, code) : undefined;
  if (!row || row.uses >= row.max_uses) return { valid: false, grants_founder: false, label: null };
  const placesLeft = (await founderPlacesTaken(ctx.db)) < FOUNDER_PLACES;
  return { valid: true, grants_founder: row.grants_founder === 1 && placesLeft, label: row.label };
}

export async function founderPlaces(ctx: AppContext): Promise<{ total: number; taken: number; left: number }> {
  const taken = await founderPlacesTaken(ctx.db);
  return { total: FOUNDER_PLACES, taken, left: FOUNDER_PLACES - taken };
}
