import type { Clock } from '../clock.js';
import { MINUTE } from '../clock.js';
import type { Db } from '../db/index.js';
import type { Logger } from '../logger.js';
import type { MailTransport, OutgoingMail } from './transport.js';

const MAX_ATTEMPTS = 10;
/** While one sender works on a row, others leave it alone for this long. */
const CLAIM_MS = 5 * MINUTE;

function backoffMs(attempts: number): number {
  return Math.min(2 ** attempts * MINUTE, 6 * 60 * MINUTE);
}

/**
 * Every mail goes through the mail_outbox table: a failed send is logged and retried later by the
 * `mail.send-outbox` job (spec, Authentication 9), so a dead mail server never fails a user request.
 */
export class MailOutbox {
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Queues the mail and tries to send it right away, without waiting for the result. */
  async enqueue(mail: OutgoingMail): Promise<number> {
    const now = this.clock.now().toISOString();
    const row = await this.db
      .insertInto('mail_outbox')
      .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null, next_attempt_at: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    void this.sendOne(row.id).catch((err: unknown) => this.log.warn({ err }, 'mail send failed'));
    return row.id;
  }

  /** Sends everything due; returns how many mails went out. */
  async sendDue(batchSize = 50): Promise<number> {
    const now = this.clock.now().toISOString();
    const due = await this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    let sent = 0;
    for (const { id } of due) if (await this.sendOne(id)) sent++;
    return sent;
  }

  private async sendOne(id: number): Promise<boolean> {
    const now = this.clock.now();
    // Claim the row: only one sender (request or job, on any instance) gets it.
    const claimed = await this.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS).toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
      .executeTakeFirst();
    if (!claimed) return false;
    try {
      await this.transport.send({ to: claimed.to_address, subject: claimed.subject, text: claimed.text_body, html: claimed.html_body });
      await this.db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: this.clock.now().toISOString(), attempts: claimed.attempts + 1, last_error: null })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (err) {
      const attempts = claimed.attempts + 1;
      const message = err instanceof Error ? err.message : String(err);
      this.log.warn({ mailId: id, attempts, error: message }, 'mail send failed; will retry');
      await this.db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: message.slice(0, 1000),
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          next_attempt_at: new Date(this.clock.now().getTime() + backoffMs(attempts)).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return false;
    }
  }
}
