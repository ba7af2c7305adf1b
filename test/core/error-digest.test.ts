import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '#core/clock.js';
import type { Job } from '#core/context.js';
import { errorDigestJob } from '#platform/error-digest/index.js';
import { backupSnapshotJob } from '#platform/backup/index.js';
import { addCspViolations } from '#core/http/csp-reports.repo.js';
import { createLogger, errorMessageOf, onLoggedError } from '#core/logger.js';
import { Scheduler } from '#platform/scheduler/index.js';
import { useSmtpTestApp } from '../helpers/smtp.js';

const clock = fixedClock('2026-11-21T08:00:00Z'); // 09:00 in Berlin
const { t, smtp } = useSmtpTestApp({ clock, env: { ADMIN_EMAIL: 'admin@pfotenbuch.example' } });

async function waitForMail(count: number): Promise<void> {
  for (let i = 0; i < 100 && smtp.received.length < count; i++) await new Promise((r) => setTimeout(r, 20));
}

describe('error counting', () => {
  it('counts every line of level error and above, also when the log itself is quieter, and writes only what the level allows', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const seen: string[] = [];
    const log = createLogger('fatal', sink);
    onLoggedError(log, (m) => seen.push(m));
    log.child({ reqId: 'r1' }).error({ err: new Error('Verbindung weg') }, 'request failed');
    log.error('kaputt');
    log.warn('nur eine Warnung');
    log.fatal('Absturz');
    expect(seen).toEqual(['request failed: Verbindung weg', 'kaputt', 'Absturz']);
    expect(lines).toHaveLength(1); // only the fatal line passes LOG_LEVEL=fatal
    expect(errorMessageOf([{ job: 'x.y', err: new Error('e') }, 'job failed'])).toBe('job failed (x.y): e');
  });
});

describe('errors.send-digest (06:30)', () => {
  it('mails nothing when no error occurred', async () => {
    expect(await errorDigestJob.run(t.ctx)).toBe(0);
    await t.ctx.mail.sendDue();
    expect(smtp.received).toEqual([]);
  });

  it('mails ADMIN_EMAIL once with the count and the most frequent messages, including unhandled errors of jobs', async () => {
    // Yesterday: a failing job (through the scheduler, as in production) and request errors.
    clock.set('2026-11-20T15:00:00Z');
    const failing: Job = { name: 'test.failing', schedule: '0 0 1 1 *', run: () => Promise.reject(new Error('Datenbank weg')) };
    await new Scheduler(t.ctx, [failing]).runNow(failing, '2026-11-20T15:00');
    for (let i = 0; i < 3; i++) t.ctx.log.error({ err: new Error('Timeout') }, 'request failed');
    // Today's error belongs to tomorrow's digest.
    clock.set('2026-11-21T05:30:00Z'); // 06:30 in Berlin
    t.ctx.log.error('heute passiert');

    expect(await errorDigestJob.run(t.ctx)).toBe(1);
    await waitForMail(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['admin@pfotenbuch.example']);
    expect(mail?.subject).toBe('Pfotenbuch: 4 Fehler am 20.11.2026');
    expect(mail?.text).toContain('3× request failed: Timeout');
    expect(mail?.text).toContain('1× job failed (test.failing): Datenbank weg');
    expect(mail?.text).not.toContain('heute passiert');

    // A rerun the same morning sends nothing twice.
    expect(await errorDigestJob.run(t.ctx)).toBe(0);
    await t.ctx.mail.sendDue();
    expect(smtp.received).toHaveLength(1);

    // The next morning reports today's error.
    clock.set('2026-11-22T05:30:00Z');
    expect(await errorDigestJob.run(t.ctx)).toBe(1);
    await waitForMail(2);
    expect(smtp.received[1]?.subject).toBe('Pfotenbuch: 1 Fehler am 21.11.2026');
  });

  it('keeps the digest in the outbox and sends it later when the mail server is down', async () => {
    clock.set('2026-11-22T12:00:00Z');
    t.ctx.log.error('noch ein Fehler');
    await smtp.stop();
    clock.set('2026-11-23T05:30:00Z');
    expect(await errorDigestJob.run(t.ctx)).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    const row = await t.ctx.db.selectFrom('mail_outbox').select(['status', 'attempts', 'subject']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, subject: 'Pfotenbuch: 1 Fehler am 22.11.2026' });
    await smtp.start(smtp.port);
    clock.advance(10 * 60_000);
    expect(await t.ctx.mail.sendDue()).toBe(1);
    await waitForMail(3);
    expect(smtp.received[2]?.subject).toBe('Pfotenbuch: 1 Fehler am 22.11.2026');
  });

  it('counts the CSP reports of the same days, and mails for them alone when no error occurred', async () => {
    clock.set('2026-11-23T12:00:00Z');
    await addCspViolations(t.ctx.db, '2026-11-23', clock.now().toISOString(), [
      { directive: 'style-src-elem', blocked: 'https://evil.example/x.css', page: '/app' },
      { directive: 'style-src-elem', blocked: 'https://evil.example/x.css', page: '/app' },
    ]);
    clock.set('2026-11-24T05:30:00Z');
    const before = smtp.received.length;
    expect(await errorDigestJob.run(t.ctx)).toBe(1);
    await waitForMail(before + 1);
    expect(smtp.received[before]?.subject).toBe('Pfotenbuch: 2 CSP-Meldungen am 23.11.2026');
    expect(smtp.received[before]?.text).toContain('2 CSP-Meldungen von Browsern');
    expect(await errorDigestJob.run(t.ctx)).toBe(0); // counted once
  });

  it('gives the claim back when the mail cannot be queued, so the next run reports the errors', async () => {
    clock.set('2026-11-24T12:00:00Z');
    t.ctx.log.error('Fehler vor dem Ausfall');
    clock.set('2026-11-25T05:30:00Z');
    const enqueue = t.ctx.mail.enqueue.bind(t.ctx.mail);
    t.ctx.mail.enqueue = () => Promise.reject(new Error('Datenbank voll'));
    try {
      await expect(errorDigestJob.run(t.ctx)).rejects.toThrow('Datenbank voll');
    } finally {
      t.ctx.mail.enqueue = enqueue;
    }
    const before = smtp.received.length;
    expect(await errorDigestJob.run(t.ctx)).toBe(1);
    await waitForMail(before + 1);
    expect(smtp.received[before]?.subject).toBe('Pfotenbuch: 1 Fehler am 24.11.2026');
  });

  it('reports a failed backup, every morning until a snapshot succeeds', async () => {
    clock.set('2026-11-25T02:15:00Z'); // 03:15 in Berlin
    const failing: Job = { ...backupSnapshotJob, run: () => Promise.reject(new Error('Platte voll')) };
    await new Scheduler(t.ctx, [failing]).runNow(failing, '2026-11-25T03:15');
    clock.set('2026-11-26T05:30:00Z');
    const before = smtp.received.length;
    expect(await errorDigestJob.run(t.ctx)).toBe(1);
    await waitForMail(before + 1);
    expect(smtp.received[before]?.subject).toBe('Pfotenbuch: 1 Fehler am 25.11.2026, Sicherung fehlt');
    expect(smtp.received[before]?.text).toContain('Sicherung: Die letzte Sicherung ist fehlgeschlagen: Platte voll');
    // No new errors, but still no backup: the digest goes out for that alone.
    clock.set('2026-11-27T05:30:00Z');
    expect(await errorDigestJob.run(t.ctx)).toBe(1);
    await waitForMail(before + 2);
    expect(smtp.received[before + 1]?.subject).toBe('Pfotenbuch: Sicherung fehlt oder ist fehlgeschlagen');
    // A snapshot that works ends it.
    await new Scheduler(t.ctx, [backupSnapshotJob]).runNow(backupSnapshotJob, '2026-11-27T06:31');
    expect(await errorDigestJob.run(t.ctx)).toBe(0);
  });
});
