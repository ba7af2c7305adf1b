import type { Db } from '#core/db/index.js';

/** The table reports name a direct message by (core/reports: kind = the reported row's table). */
export const REPORTED_MESSAGES = 'messages';

export const findMessage = (db: Db, id: number) =>
  db.selectFrom('messages').select(['id', 'sender_id', 'recipient_id', 'pair_low', 'pair_high', 'text', 'created_at']).where('id', '=', id).executeTakeFirst();

/** The reported messages with their sender's account (for the queue): one query however many. */
export function reportedMessages(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('messages')
    .innerJoin('users as sender', 'sender.id', 'messages.sender_id')
    .innerJoin('users as recipient', 'recipient.id', 'messages.recipient_id')
    .select([
      'messages.id',
      'messages.pair_low',
      'messages.pair_high',
      'messages.text',
      'messages.created_at',
      'sender.id as sender_id',
      'sender.name as sender_name',
      'sender.email as sender_email',
      'sender.status as sender_status',
      'recipient.id as recipient_id',
      'recipient.name as recipient_name',
    ])
    .where('messages.id', 'in', ids)
    .execute();
}

/**
 * The reported message in its context: up to `around` messages before and after it in the same conversation (the
 * pair's index range, by id), oldest first. Nothing else of the two people's messages is read.
 */
export async function messagesAround(db: Db, pair: { pair_low: number; pair_high: number }, id: number, around: number) {
  const inPair = () =>
    db.selectFrom('messages').select(['id', 'sender_id', 'text', 'created_at']).where('pair_low', '=', pair.pair_low).where('pair_high', '=', pair.pair_high);
  const [before, after] = await Promise.all([
    inPair().where('id', '<', id).orderBy('id', 'desc').limit(around).execute(),
    inPair()
      .where('id', '>=', id)
      .orderBy('id')
      .limit(around + 1)
      .execute(),
  ]);
  return [...before.reverse(), ...after];
}
