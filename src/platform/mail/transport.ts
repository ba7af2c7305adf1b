import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { Logger } from '#core/logger.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on safety alerts (RFC 8058). */
  headers?: Record<string, string> | null;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP via nodemailer, with short timeouts so a dead mail server never holds a job for long. Pooled: a few
 * connections carry every mail, so a warning mailed to thousands at once queues here instead of opening a
 * connection per mail (one connection per mail managed about 10 a second; bench/safety-mail.mjs).
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // Loaded only with SMTP configured: development and tests (the log transport) do not carry it.
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: mail.headers ?? undefined,
      });
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL, mails are written to the log (development default). */
export function logTransport(log: Logger): MailTransport {
  return {
    kind: 'log',
    async send(mail) {
      log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail (no SMTP_URL configured)');
    },
    close: () => undefined,
  };
}
