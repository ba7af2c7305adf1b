import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { RATE_LIMITS } from '#core/http/guards/rate-limit.js';
import { unsubscribeToken } from './safety-mail.unsubscribe.js';

const t = useTestApp({ env: { TRUST_PROXY: '1', RATE_LIMITS_ENABLED: 'true' } });

const unsubscribe = (ip: string, userId: number, token: string) =>
  request(t.app)
    .post(`/api/safety-mail/unsubscribe?u=${userId}&t=${token}`)
    .set('X-Forwarded-For', ip)
    .set('Content-Type', 'application/x-www-form-urlencoded')
    .send('List-Unsubscribe=One-Click');

describe('the unsubscribe link under guessing', () => {
  it('refuses an address after 10 wrong tokens with 429 and the table’s message; good links never count', async () => {
    const user = await buildUser(t.ctx);
    const good = unsubscribeToken(t.ctx, user.id);
    // A mail client may post a good link again and again: answers below 400 give their count back.
    for (let i = 0; i < 12; i++) await unsubscribe('198.51.100.20', user.id, good).expect(200);

    const { limit, message } = RATE_LIMITS.unsubscribeWrongToken;
    for (let i = 0; i < limit; i++) await unsubscribe('198.51.100.21', user.id, `falsch${i}`).expect(403);
    const refused = await unsubscribe('198.51.100.21', user.id, 'falsch').expect(429);
    expect(refused.body.error).toEqual({ code: 'rate_limited', message });
    // The guessing address is stopped for good links too, for the window; another address is not.
    await request(t.app).get(`/api/safety-mail/unsubscribe?u=${user.id}&t=${good}`).set('X-Forwarded-For', '198.51.100.21').expect(429);
    await unsubscribe('198.51.100.22', user.id, good).expect(200);
  });
});
