import type { Clock } from '#core/clock.js';
import { MINUTE } from '#core/clock.js';
import type { Db } from '#core/db/index.js';
import type { Logger } from '#core/logger.js';
import type { BackgroundTasks } from '../background.js';
import { claimMail, dueMailIds, insertMail, markMailFailed, markMailSent } from './outbox.repo.js';
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
    private readonly background: BackgroundTasks,
  ) {}

  /**
   * Queues the mail and tries to send it right away, without waiting for the result. The try is a background task,
   * so whoever must know it ended waits for `ctx.background.settled()`: the process before it closes the database
   * (a send cut off there stayed claimed for five minutes), a test before it reads the sent mails.
   */
  async enqueue(mail: OutgoingMail): Promise<number> {
    const id = await insertMail(this.db, mail, this.clock.now().toISOString());
    this.background.run('mail send', () => this.sendOne(id));
    return id;
  }

  /** Sends everything due; returns how many mails went out. */
  async sendDue(batchSize = 50): Promise<number> {
    const due = await dueMailIds(this.db, this.clock.now().toISOString(), batchSize);
    let sent = 0;
    for (const id of due) if (await this.sendOne(id)) sent++;
    return sent;
  }

  private async sendOne(id: number): Promise<boolean> {
    const now = this.clock.now();
    const claimed = await claimMail(this.db, id, now.toISOString(), new Date(now.getTime() + CLAIM_MS).toISOString());
    if (!claimed) return false;
    try {
      await this.transport.send({
        to: claimed.to_address,
        subject: claimed.subject,
        text: claimed.text_body,
        html: claimed.html_body,
        headers: claimed.headers_json ? (JSON.parse(claimed.headers_json) as Record<string, string>) : null,
      });
      await markMailSent(this.db, id, claimed.attempts + 1, this.clock.now().toISOString());
      return true;
    } catch (err) {
      const attempts = claimed.attempts + 1;
      const message = err instanceof Error ? err.message : String(err);
      this.log.warn({ mailId: id, attempts, error: message }, 'mail send failed; will retry');
      await markMailFailed(this.db, id, {
        attempts,
        error: message.slice(0, 1000),
        final: attempts >= MAX_ATTEMPTS,
        nextAttemptAt: new Date(this.clock.now().getTime() + backoffMs(attempts)).toISOString(),
      });
      return false;
    }
  }
}
