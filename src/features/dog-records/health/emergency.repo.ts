import type { Selectable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { EmergencyCardsTable } from '#core/db/tables/health.js';

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

/** One card per dog: inserts the card unless the dog has one (then undefined). One statement, so two taps make one card. */
export function insertCardIfNone(db: Db, card: CardRow): Promise<CardRow | undefined> {
  return db
    .insertInto('emergency_cards')
    .values(card)
    .onConflict((oc) => oc.column('dog_id').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** What the card shows, changed in place: the token stays, so the collar tag keeps working. Undefined without a card. */
export function updateCardContents(db: Db, dogId: number, change: Partial<Omit<CardRow, 'dog_id' | 'token' | 'created_at'>>): Promise<CardRow | undefined> {
  return db.updateTable('emergency_cards').set(change).where('dog_id', '=', dogId).returning(COLUMNS).executeTakeFirst();
}

/** A new token for the dog's card (the old link and QR code stop working at once). Undefined without a card. */
export function replaceCardToken(db: Db, dogId: number, token: string, createdAt: string): Promise<CardRow | undefined> {
  return db.updateTable('emergency_cards').set({ token, created_at: createdAt }).where('dog_id', '=', dogId).returning(COLUMNS).executeTakeFirst();
}

export async function deleteCard(db: Db, dogId: number): Promise<boolean> {
  const r = await db.deleteFrom('emergency_cards').where('dog_id', '=', dogId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
