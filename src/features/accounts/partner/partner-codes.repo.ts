import type { Db } from '#core/db/index.js';
import type { PartnerCode } from './partner.schemas.js';

const CODE_COLUMNS = ['id', 'code', 'label', 'max_uses', 'grants_founder', 'uses', 'created_at'] as const;

const toPartnerCode = (row: {
  id: number;
  code: string;
  label: string;
  max_uses: number;
  grants_founder: number;
  uses: number;
  created_at: string;
}): PartnerCode => ({
  ...row,
  grants_founder: row.grants_founder ? 1 : 0,
});

export async function insertCode(
  db: Db,
  values: { code: string; label: string; max_uses: number; grants_founder: 0 | 1; created_by: number; now: string },
): Promise<PartnerCode> {
  const row = await db
    .insertInto('partner_codes')
    .values({
      code: values.code,
      label: values.label,
      max_uses: values.max_uses,
      grants_founder: values.grants_founder,
      created_by: values.created_by,
      created_at: values.now,
    })
    .returning(CODE_COLUMNS)
    .executeTakeFirstOrThrow();
  return toPartnerCode(row);
}

export async function codeExists(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('partner_codes').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

/** Newest first; `beforeId` is the cursor. */
export async function listCodes(db: Db, limit: number, beforeId?: number): Promise<PartnerCode[]> {
  let q = db.selectFrom('partner_codes').select(CODE_COLUMNS).orderBy('id', 'desc').limit(limit);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return (await q.execute()).map(toPartnerCode);
}

export async function findCode(db: Db, code: string): Promise<PartnerCode | undefined> {
  const row = await db.selectFrom('partner_codes').select(CODE_COLUMNS).where('code', '=', code).executeTakeFirst();
  return row && toPartnerCode(row);
}

export async function deleteCode(db: Db, code: string): Promise<boolean> {
  const result = await db.deleteFrom('partner_codes').where('code', '=', code).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The spec's atomic step: uses rises by one only while uses < max_uses. */
export async function takeUse(trx: Db, code: string) {
  return trx
    .updateTable('partner_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', code)
    .where((eb) => eb('uses', '<', eb.ref('max_uses')))
    .returning(['id', 'grants_founder'])
    .executeTakeFirst();
}

/** Gives a use back within the same transaction (the code's benefit could not be granted). */
export async function releaseUse(trx: Db, codeId: number): Promise<void> {
  await trx
    .updateTable('partner_codes')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', codeId)
    .execute();
}

export async function recordRedemption(
  trx: Db,
  values: { partnerCodeId: number; code: string; userId: number; founderGranted: boolean; now: string },
): Promise<void> {
  await trx
    .insertInto('partner_code_redemptions')
    .values({
      partner_code_id: values.partnerCodeId,
      code: values.code,
      user_id: values.userId,
      founder_granted: values.founderGranted ? 1 : 0,
      created_at: values.now,
    })
    .execute();
}
