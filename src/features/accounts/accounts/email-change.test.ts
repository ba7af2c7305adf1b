import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useSmtpTestApp } from '../../../../test/helpers/smtp.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock, HOUR } from '#core/clock.js';

const clock = fixedClock('2026-11-25T10:00:00Z');
const { t, smtp, mailTo } = useSmtpTestApp({ clock });
const tokenIn = (text: string) => /\/api\/me\/email\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
const confirmJson = (token: string) => request(t.app).get(`/api/me/email/confirm?token=${token}`).set('Accept', 'application/json');
const login = (email: string, password: string) => request(t.app).post('/api/auth/login').send({ email, password });

describe('email change', () => {
  it('sends a link to the new address; login keeps the old one until it is opened; then the new one, the old gets a notice', async () => {
    const user = await buildUser(t.ctx, { email: 'alt@example.de', name: 'Wanda Wechsel' });
    const session = agentAs(t, user);
    const answer = await session.post('/api/me/email').send({ new_email: ' Neu@Example.de', password: user.password }).expect(202);
    expect(answer.body.message).toBe('Wir haben dir einen Link an neu@example.de geschickt. Bis du ihn öffnest, gilt deine bisherige Adresse.');
    const mail = await mailTo('neu@example.de', /email\/confirm/);
    expect(mail.subject).toBe('Pfotenbuch: Bitte bestätige deine neue E-Mail-Adresse');
    await login('alt@example.de', user.password).expect(200);
    await login('neu@example.de', user.password).expect(401);

    const link = await request(t.app)
      .get(`/api/me/email/confirm?token=${tokenIn(mail.text ?? '')}`)
      .expect(303);
    expect(link.headers.location).toBe('/app/email-geaendert?ergebnis=ok');
    await login('neu@example.de', user.password).expect(200);
    await login('alt@example.de', user.password).expect(401);
    // The session stays valid, and it sees the new address, confirmed.
    const me = (await session.get('/api/auth/me').expect(200)).body;
    expect(me).toMatchObject({ email: 'neu@example.de', email_verified: true });
    const notice = await mailTo('alt@example.de', /läuft ab jetzt über neu@example\.de/);
    expect(notice.subject).toBe('Pfotenbuch: Deine E-Mail-Adresse wurde geändert');
    // The link works once.
    expect((await confirmJson(tokenIn(mail.text ?? '')).expect(400)).body.error.code).toBe('token_invalid');
  });

  it('refuses a wrong password (403), a malformed or the own address (400), a taken one (409); nothing is mailed', async () => {
    const user = await buildUser(t.ctx, { email: 'bleibt@example.de' });
    const other = await buildUser(t.ctx, { email: 'vergeben@example.de' });
    const session = agentAs(t, user);
    const before = smtp.received.length;
    expect((await session.post('/api/me/email').send({ new_email: 'x@example.de', password: 'falsch-falsch' }).expect(403)).body.error.code).toBe(
      'wrong_password',
    );
    await session.post('/api/me/email').send({ new_email: 'keine-adresse', password: user.password }).expect(400);
    await session.post('/api/me/email').send({ new_email: 'BLEIBT@example.de', password: user.password }).expect(400);
    expect((await session.post('/api/me/email').send({ new_email: other.email, password: user.password }).expect(409)).body.error.code).toBe('email_taken');
    await request(t.app).post('/api/me/email').send({ new_email: 'x@example.de', password: 'x' }).expect(401);
    await t.ctx.mail.sendDue();
    expect(smtp.received.length).toBe(before);
  });

  it('an address taken between request and link → 409 at the link; an expired or replaced link → 400; nothing changes', async () => {
    const user = await buildUser(t.ctx, { email: 'geduld@example.de' });
    const session = agentAs(t, user);
    await session.post('/api/me/email').send({ new_email: 'begehrt@example.de', password: user.password }).expect(202);
    const first = await mailTo('begehrt@example.de', /email\/confirm/);
    await buildUser(t.ctx, { email: 'begehrt@example.de' });
    expect((await confirmJson(tokenIn(first.text ?? '')).expect(409)).body.error.code).toBe('email_taken');

    await session.post('/api/me/email').send({ new_email: 'spaeter@example.de', password: user.password }).expect(202);
    const older = await mailTo('spaeter@example.de', /email\/confirm/);
    await session.post('/api/me/email').send({ new_email: 'spaeter@example.de', password: user.password }).expect(202);
    const newer = await mailTo('spaeter@example.de', /email\/confirm/, 2);
    expect((await confirmJson(tokenIn(older.text ?? '')).expect(400)).body.error.code).toBe('token_invalid');
    clock.advance(25 * HOUR);
    expect((await confirmJson(tokenIn(newer.text ?? '')).expect(400)).body.error.code).toBe('token_invalid');
    expect((await session.get('/api/auth/me').expect(200)).body.email).toBe('geduld@example.de');
    const bad = await request(t.app)
      .get(`/api/me/email/confirm?token=${tokenIn(newer.text ?? '')}`)
      .expect(303);
    expect(bad.headers.location).toBe('/app/email-geaendert?ergebnis=ungueltig');
  });
});

describe('email change rate limit', () => {
  const limited = useTestApp({ env: { RATE_LIMITS_ENABLED: 'true' } });

  it('answers the 6th change of an hour with 429 (emailChange, per account)', async () => {
    const user = await buildUser(limited.ctx);
    const session = agentAs(limited, user);
    for (let i = 0; i < 5; i++)
      await session
        .post('/api/me/email')
        .send({ new_email: `neu${i}-${user.id}@example.de`, password: user.password })
        .expect(202);
    await session
      .post('/api/me/email')
      .send({ new_email: `neu9-${user.id}@example.de`, password: user.password })
      .expect(429);
  });
});
