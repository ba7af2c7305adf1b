import { afterAll } from 'vitest';
import { smtpTransport } from '#platform/mail/transport.js';
import { FakeSmtpServer, type ReceivedMail } from '../fakes/smtp-server.js';
import { useTestApp, type TestAppOptions } from './test-app.js';

/**
 * A test app whose mails go through the outbox to a real SMTP receiver on 127.0.0.1 (test/fakes/smtp-server.ts), as
 * in production, for tests that read a link out of a mail.
 */
export function useSmtpTestApp(options: Omit<TestAppOptions, 'mailTransport'> = {}) {
  const smtp = new FakeSmtpServer();
  // Registered before the app: after-hooks run as a stack, so the receiver stops once the app has closed.
  afterAll(() => smtp.stop());
  const t = useTestApp(async () => ({ ...options, mailTransport: smtpTransport(await smtp.start(), 'Pfotenbuch <no-reply@pfotenbuch.example>') }));

  /** The `count`-th mail to `to` whose text matches, waiting up to two seconds for it to arrive. */
  async function mailTo(to: string, pattern: RegExp, count = 1): Promise<ReceivedMail> {
    for (let i = 0; i < 200; i++) {
      const mails = smtp.received.filter((m) => m.to.includes(to) && pattern.test(m.text));
      if (mails.length >= count) return mails[count - 1]!;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no mail to ${to} matching ${pattern}`);
  }

  return { t, smtp, mailTo };
}
