import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/test-app.js';

/** Without PUBLIC_URL (development) the links in mails point at the server's own port, whichever it is. */
const t = useTestApp({ env: { PUBLIC_URL: '', PORT: '4567' } });

describe('the verification link on a non-default port', () => {
  it('points at http://localhost:<PORT> and confirms the address', async () => {
    await request(t.app).post('/api/auth/register').send({ email: 'port@example.de', password: 'sicheres-passwort', name: 'Port Probe' }).expect(201);
    let text = '';
    for (let i = 0; i < 200 && !text; i++) {
      text = t.mail.sent.find((m) => m.to === 'port@example.de')?.text ?? '';
      if (!text) await new Promise((r) => setTimeout(r, 10));
    }
    const link = /http:\/\/localhost:4567(\/api\/auth\/verify\?token=\S+)/.exec(text);
    expect(link, text).not.toBeNull();
    const answer = await request(t.app)
      .get(link?.[1] ?? '')
      .set('Accept', 'application/json')
      .expect(200);
    expect(answer.body).toEqual({ verified: true, already_verified: false });
    const row = await t.ctx.db.selectFrom('users').select('email_verified_at').where('email', '=', 'port@example.de').executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
  });
});
