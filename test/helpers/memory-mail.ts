import type { MailTransport, OutgoingMail } from '#platform/mail/transport.js';

/** Collects mails instead of sending them; `failing` makes every send throw, like a dead server. */
export function memoryTransport(): MailTransport & { sent: OutgoingMail[]; failing: boolean } {
  const t = {
    kind: 'smtp' as const,
    sent: [] as OutgoingMail[],
    failing: false,
    async send(mail: OutgoingMail) {
      if (t.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:1');
      t.sent.push(mail);
    },
    close: () => undefined,
  };
  return t;
}
