import type { AppContext } from '#core/context.js';
import type { Db } from '#core/db/index.js';
import { conflict, notFound } from '#core/http/route/errors.js';
import {
  claimFounderPending,
  FOUNDER_PLACES,
  founderPlacesTaken,
  lockFounderState,
  setFounder,
  setFounderPending,
  takeFounderNumber,
  type FounderState,
} from './founder.repo.js';
import { recordRedemption, releaseUse, takeUse } from './partner-codes.repo.js';
import { CODE_PATTERN, normalizeCode, type FounderStatus } from './partner.schemas.js';

export const PLACES_TAKEN_MESSAGE = 'Alle 100 Gründerplätze sind bereits vergeben.';
const placesTaken = () => conflict(PLACES_TAKEN_MESSAGE, 'founder_places_taken');

const toStatus = (row: FounderState): FounderStatus => ({
  user_id: row.id,
  is_founder: row.is_founder ? 1 : 0,
  is_founder_pending: row.is_founder_pending ? 1 : 0,
  founder_number: row.founder_number,
});

/**
 * Admin grant (spec: none or pending → founder). `now` assigns the number in the same transaction that marks
 * the user; `on_first_dog` makes the user pending, and the number is taken when they create a dog.
 * Both refuse with 409 when no place is left.
 */
export async function grantFounder(ctx: AppContext, userId: number, mode: 'now' | 'on_first_dog'): Promise<FounderStatus> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await lockFounderState(trx, userId, now);
    if (!user) throw notFound('Dieses Konto gibt es nicht.');
    if (user.is_founder) throw conflict('Dieses Konto hat die Gründerlizenz schon.', 'already_founder');
    if (mode === 'on_first_dog') {
      // No place is reserved for a pending user; the check only spares the admin a promise that cannot be kept.
      if ((await founderPlacesTaken(trx)) >= FOUNDER_PLACES) throw placesTaken();
      await setFounderPending(trx, userId, now);
      return toStatus({ ...user, is_founder_pending: 1 });
    }
    const founderNumber = await takeFounderNumber(trx);
    if (founderNumber === undefined) throw placesTaken();
    // Cannot fail while the row lock is held; if it ever did, throwing rolls the counter back (no gap).
    if (!(await setFounder(trx, userId, founderNumber, now))) throw conflict('Dieses Konto hat die Gründerlizenz schon.', 'already_founder');
    return toStatus({ id: userId, is_founder: 1, is_founder_pending: 0, founder_number: founderNumber });
  });
}

/**
 * Spec: pending → founder when the user creates a dog. Runs inside the dog's transaction. The pending flag is
 * cleared first (which locks the user row), so two dogs created at once cannot both take a number.
 * With no place left the user stays pending and the dog is created anyway. Returns the number, if one was given.
 */
export async function activatePendingFounder(trx: Db, userId: number, now: string): Promise<number | null> {
  if (!(await claimFounderPending(trx, userId, now))) return null;
  const founderNumber = await takeFounderNumber(trx);
  if (founderNumber === undefined) {
    // No place left: the user stays pending.
    await setFounderPending(trx, userId, now);
    return null;
  }
  // Cannot fail while the row lock is held; if it ever did, throwing rolls the counter back (no gap).
  if (!(await setFounder(trx, userId, founderNumber, now))) throw new Error('founder state changed under a held row lock');
  return founderNumber;
}

export interface RedeemResult {
  applied: boolean;
  founderNumber: number | null;
}

/**
 * Registration with a partner code (spec: none → founder). Runs inside the registration transaction, before any
 * referral code. The use counts only while uses < max_uses (one conditional UPDATE). A code that grants the license
 * when no founder place is left is not used up: its use is given back and the account is created without it.
 */
export async function redeemPartnerCode(trx: Db, input: { userId: number; code: string; now: string }): Promise<RedeemResult> {
  const code = normalizeCode(input.code);
  if (!CODE_PATTERN.test(code)) return { applied: false, founderNumber: null };
  const use = await takeUse(trx, code);
  if (!use) return { applied: false, founderNumber: null };
  let founderNumber: number | null = null;
  if (use.grants_founder) {
    founderNumber = (await takeFounderNumber(trx)) ?? null;
    if (founderNumber === null) {
      await releaseUse(trx, use.id);
      return { applied: false, founderNumber: null };
    }
    if (!(await setFounder(trx, input.userId, founderNumber, input.now))) throw new Error('new user is already founder');
  }
  await recordRedemption(trx, { partnerCodeId: use.id, code, userId: input.userId, founderGranted: founderNumber !== null, now: input.now });
  return { applied: true, founderNumber };
}
