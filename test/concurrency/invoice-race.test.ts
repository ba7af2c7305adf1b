import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, sessionCookie } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { range, settlePoolBeforeTeardown, tally, useListeningServer } from './race-helpers.js';

const t = useTestApp({ env: { INVOICE_ISSUER_ADDRESS: 'Hundeweg 1|80331 München' } });
const http = useListeningServer(t);
settlePoolBeforeTeardown(t);

describe('race: 200 parallel invoice creations', () => {
  it('gives 200 distinct RG numbers without gaps, and parallel cancellations distinct ST numbers', async () => {
    const admin = await buildAdmin(t.ctx);
    const cookie = sessionCookie(t.ctx, admin);
    const customers = [await buildUser(t.ctx), await buildUser(t.ctx), await buildUser(t.ctx)];
    const results = await Promise.all(
      range(1, 200).map((i) =>
        request(http.server)
          .post('/api/admin/invoices')
          .set('Cookie', cookie)
          .send({ user_id: customers[i % 3]?.id, items: [{ description: `Posten ${i}`, amount_cents: 100 + i }] }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    const seqs = results.map((r) => Number(String(r.body.number).replace(/^RG-/, '')));
    expect([...tally(seqs).values()].every((n) => n === 1)).toBe(true);
    expect([...seqs].sort((a, b) => a - b)).toEqual(range(1, 200));
    const stored = await t.ctx.db.selectFrom('invoices').select(['number', 'seq']).where('prefix', '=', 'RG').orderBy('seq').execute();
    expect(stored.map((r) => r.seq)).toEqual(range(1, 200));
    expect(stored[0]?.number).toBe('RG-000001');

    // Cancel 50 of them at once, each twice: 50 ST numbers 1–50, and 50 refusals.
    const targets = results.slice(0, 50).map((r) => r.body.id as number);
    const cancels = await Promise.all(
      [...targets, ...targets].map((id) => request(http.server).post(`/api/admin/invoices/${id}/cancel`).set('Cookie', cookie).send({})),
    );
    expect(cancels.filter((r) => r.status === 409)).toHaveLength(50);
    const stSeqs = cancels.filter((r) => r.status === 201).map((r) => Number(String(r.body.number).replace(/^ST-/, '')));
    expect(stSeqs.sort((a, b) => a - b)).toEqual(range(1, 50));
    const counters = await t.ctx.db.selectFrom('invoice_counters').selectAll().orderBy('prefix').execute();
    expect(counters).toEqual([
      { prefix: 'RG', last: 200 },
      { prefix: 'ST', last: 50 },
    ]);
  });
});
