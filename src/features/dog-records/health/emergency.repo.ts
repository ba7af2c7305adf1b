import type { Selectable } from 'kysely';
import type { Db } from '../../../core/db/index.js';
import type { EmergencyCardsTable } from '../../../core/db/tables/health.js';

const COLUMNS = [
  'dog_id',
  'token',
  'show_photo',
  'show_allergies',
  'show_medications',
  'show_practice_phone',
  'contact_name',
  'contact_phone',
  'created_at',
] as const;

/** A card as stored, without its row id (the dog is the key: one card per dog). */
export type CardRow = Pick<Selectable<EmergencyCardsTable>, (typeof COLUMNS)[number]>;

export function findCardOfDog(db: Db, dogId: number): Promise<CardRow | undefined> {
  return db.selectFrom('emergency_cards').select(COLUMNS).where('dog_id', '=', dogId).executeTakeFirst();
}

export function findCardByToken(db: Db, token: string): Promise<CardRow | undefined> {
  return db.selectFrom('emergency_cards').select(COLUMNS).where('token', '=', token).executeTakeFirst();
}

/** One card per dog: a new card replaces the old one and its token (the old QR code stops working). */
export function replaceCard(db: Db, card: CardRow): Promise<CardRow> {
  const { dog_id: _dog, ...rest } = card;
  return db
    .insertInto('emergency_cards')
    .values(card)
    .onConflict((oc) => oc.column('dog_id').doUpdateSet(rest))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteCard(db: Db, dogId: number): Promise<boolean> {
  const r = await db.deleteFrom('emergency_cards').where('dog_id', '=', dogId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
