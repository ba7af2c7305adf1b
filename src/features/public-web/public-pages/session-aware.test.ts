import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();
const cookies = (res: request.Response) => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];

describe('public pages know the session without losing their cache', () => {
  it('login sets the readable "angemeldet" marker beside the HttpOnly session; logout clears both', async () => {
    const user = await buildUser(t.ctx);
    const login = await request(t.app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const marker = cookies(login).find((c) => c.startsWith('angemeldet=1'));
    expect(marker).toBeDefined();
    expect(marker).not.toMatch(/HttpOnly/i);
    expect(cookies(login).find((c) => c.startsWith('session='))).toMatch(/HttpOnly/i);
    const session = cookies(login)
      .map((c) => c.split(';')[0])
      .join('; ');
    const logout = await request(t.app).post('/api/auth/logout').set('Cookie', session).expect(204);
    expect(cookies(logout).some((c) => /^angemeldet=;/.test(c))).toBe(true);
  });

  it('serves the same cacheable HTML to everybody; the header link carries the hook the script turns into "Zur App"', async () => {
    const user = await buildUser(t.ctx);
    const login = await request(t.app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const session = cookies(login)
      .map((c) => c.split(';')[0])
      .join('; ');
    // (/help is rendered per session on purpose: it points a member to the in-app help, and is not cached publicly.)
    for (const path of ['/', '/rassen', '/impressum']) {
      const guest = await request(t.app).get(path).expect(200);
      const member = await request(t.app).get(path).set('Cookie', session).expect(200);
      expect(member.text).toBe(guest.text);
      expect(member.headers['cache-control']).toBe(guest.headers['cache-control']);
      expect(guest.text).toContain('href="/app/anmelden" data-session-link>Anmelden</a>');
      expect(guest.text).toMatch(/<script src="\/js\/session-link\.js\?v=[^"]+" defer><\/script>/);
    }
  });
});
