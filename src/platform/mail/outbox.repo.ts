import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';
import type { OutgoingMail } from './transport.js';

/** The mail_outbox table: queued mails, claimed by one sender at a time (see outbox.ts). */

export async function insertMail(db: Db, mail: OutgoingMail, now: string): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      headers_json: mail.headers ? JSON.stringify(mail.headers) : null,
      next_attempt_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function dueMailIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Claims a due row until `claimUntil`: only one sender (request or job, on any instance) gets it. */
export function claimMail(db: Db, id: number, now: string, claimUntil: string) {
  return db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: claimUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'headers_json', 'attempts'])
    .executeTakeFirst();
}

export async function markMailSent(db: Db, id: number, attempts: number, now: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: now, attempts, last_error: null }).where('id', '=', id).execute();
}

export async function markMailFailed(db: Db, id: number, o: { attempts: number; error: string; final: boolean; nextAttemptAt: string }): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ attempts: o.attempts, last_error: o.error, status: o.final ? 'failed' : 'pending', next_attempt_at: o.nextAttemptAt })
    .where('id', '=', id)
    .execute();
}

/** How many mails wait to be sent (due or retried later): the mail queue's depth for /metrics. */
export function countPendingMail(db: Db): Promise<number> {
  return countOf(db.selectFrom('mail_outbox').where('status', '=', 'pending'));
}
