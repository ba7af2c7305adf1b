import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildPartnerCode } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { range, settlePoolBeforeTeardown, useListeningServer } from './race-helpers.js';

const t = useTestApp();
const http = useListeningServer(t);
settlePoolBeforeTeardown(t);

describe('race: 300 parallel registrations with one partner code (max_uses 50)', () => {
  it('gives exactly 50 founder licenses, numbers 1–50 once each, and uses = 50', async () => {
    await buildPartnerCode(t.ctx, { code: 'RENNEN', label: 'Rennen', max_uses: 50, grants_founder: 1, created_by: null });
    const results = await Promise.all(
      range(1, 300).map((i) =>
        request(http.server)
          .post('/api/auth/register')
          .send({ email: `rennen-${i}@example.de`, password: 'sicheres-passwort', name: `Läufer ${i}`, partner_code: 'rennen' }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    const founders = results.filter((r) => r.body.is_founder === 1).map((r) => r.body.founder_number as number);
    expect(founders).toHaveLength(50);
    expect([...founders].sort((a, b) => a - b)).toEqual(range(1, 50));

    const code = await t.ctx.db.selectFrom('partner_codes').select('uses').where('code', '=', 'RENNEN').executeTakeFirstOrThrow();
    expect(code.uses).toBe(50);
    const rows = await t.ctx.db.selectFrom('users').select(['founder_number']).where('is_founder', '=', 1).execute();
    expect(rows).toHaveLength(50);
    expect((await t.ctx.db.selectFrom('founder_counter').select('last').executeTakeFirstOrThrow()).last).toBe(50);
    const redemptions = await t.ctx.db.selectFrom('partner_code_redemptions').select('founder_granted').execute();
    expect(redemptions).toHaveLength(50);
    expect(await t.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(300);
  });
});
