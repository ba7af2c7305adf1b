import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, HOUR } from '#core/clock.js';
import { sendOutboxJob } from '#platform/mail/mail.jobs.js';
import { smtpTransport } from '#platform/mail/transport.js';
import { FakeSmtpServer } from '../fakes/smtp-server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('mail through a real SMTP server', () => {
  const smtp = new FakeSmtpServer();
  let t: TestApp;
  beforeAll(async () => {
    const url = await smtp.start();
    t = await createTestApp({ mailTransport: smtpTransport(url, 'Pfotenbuch <no-reply@pfotenbuch.test>') });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('sends the verification mail on register; its link verifies the address once', async () => {
    await request(t.app).post('/api/auth/register').send({ email: 'mail@example.de', password: 'sicheres-passwort', name: 'Mila' }).expect(201);
    await waitFor(() => smtp.received.some((m) => m.to.includes('mail@example.de')));
    const mail = smtp.received.find((m) => m.to.includes('mail@example.de'));
    expect(mail?.subject).toMatch(/bestätige/);
    const link = /https?:\/\/\S+\/api\/auth\/verify\?token=(\S+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    const redirect = await request(t.app)
      .get(`/api/auth/verify?token=${encodeURIComponent(token)}`)
      .set('Accept', 'text/html')
      .expect(303);
    expect(redirect.headers.location).toBe('/app/email-bestaetigt?ergebnis=ok');
    const row = await t.ctx.db.selectFrom('users').select('email_verified_at').where('email', '=', 'mail@example.de').executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
    // The same link again: the address is confirmed already (not "ungültig").
    const again = await request(t.app)
      .get(`/api/auth/verify?token=${encodeURIComponent(token)}`)
      .set('Accept', 'application/json')
      .expect(200);
    expect(again.body).toEqual({ verified: true, already_verified: true });
    const outbox = await t.ctx.db.selectFrom('mail_outbox').select(['status', 'attempts']).execute();
    expect(outbox).toEqual([{ status: 'sent', attempts: 1 }]);
  });
});

describe('a mail server that refuses connections', () => {
  const smtp = new FakeSmtpServer();
  const clock = fixedClock('2026-11-21T10:00:00.000Z');
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    const url = await smtp.start();
    port = smtp.port;
    await smtp.stop(); // the port is now closed: connections are refused
    t = await createTestApp({ clock, mailTransport: smtpTransport(url, 'Pfotenbuch <no-reply@pfotenbuch.test>') });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('keeps serving, records the failure and sends the mail on a later retry', async () => {
    await request(t.app).post('/api/auth/register').send({ email: 'later@example.de', password: 'sicheres-passwort', name: 'Leo' }).expect(201);
    await waitFor(async () => {
      const row = await t.ctx.db.selectFrom('mail_outbox').select('attempts').executeTakeFirst();
      return (row?.attempts ?? 0) >= 1;
    });
    const failed = await t.ctx.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(failed.status).toBe('pending');
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    await request(t.app).get('/api/health').expect(200);
    await request(t.app).post('/api/auth/login').send({ email: 'later@example.de', password: 'sicheres-passwort' }).expect(200);

    // Not yet due: the job leaves it alone.
    expect(await sendOutboxJob.run(t.ctx)).toBe(0);
    await smtp.start(port);
    clock.advance(HOUR);
    expect(await sendOutboxJob.run(t.ctx)).toBe(1);
    expect(smtp.received.map((m) => m.to[0])).toEqual(['later@example.de']);
    const sent = await t.ctx.db.selectFrom('mail_outbox').select(['status', 'attempts']).executeTakeFirstOrThrow();
    expect(sent).toEqual({ status: 'sent', attempts: 2 });
  });
});
