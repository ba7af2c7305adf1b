import { describe, expect, it } from 'vitest';
import { DAY, fixedClock } from '#core/clock.js';
import { agentAs, buildAdmin, buildInvoice, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { purgeExpiredInvoices } from './invoices.jobs.js';

const clock = fixedClock('2026-03-01T10:00:00Z');
const t = useTestApp({ clock, env: { INVOICE_ISSUER_ADDRESS: 'Hundeweg 1|80331 München' } });
const items = [{ description: 'Pro', amount_cents: 4990 }];

const exists = async (id: number) => (await t.ctx.db.selectFrom('invoices').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe('invoice retention (10 years after account deletion)', () => {
  it('keeps the invoices of a deleted account for 10 years from the deletion, then deletes them with their items', async () => {
    clock.set('2026-03-01T10:00:00Z');
    const admin = await buildAdmin(t.ctx);
    const leaving = await buildUser(t.ctx);
    const staying = await buildUser(t.ctx);
    const rg = await buildInvoice(t.ctx, { user: leaving });
    const st = (await agentAs(t, admin).post(`/api/admin/invoices/${rg.id}/cancel`).send({}).expect(201)).body;
    const kept = await buildInvoice(t.ctx, { user: leaving });
    const other = await buildInvoice(t.ctx, { user: staying });

    clock.set('2027-06-15T08:00:00Z');
    await agentAs(t, admin).delete(`/api/admin/users/${leaving.id}`).expect(204);
    expect(await purgeExpiredInvoices(t.ctx)).toBe(0);
    const stamped = await t.ctx.db
      .selectFrom('invoices')
      .select(['id', 'user_deleted_at'])
      .where('id', 'in', [rg.id, st.id, kept.id, other.id])
      .orderBy('id')
      .execute();
    expect(stamped).toEqual([
      { id: rg.id, user_deleted_at: '2027-06-15T08:00:00.000Z' },
      { id: st.id, user_deleted_at: '2027-06-15T08:00:00.000Z' },
      { id: kept.id, user_deleted_at: '2027-06-15T08:00:00.000Z' },
      { id: other.id, user_deleted_at: null },
    ]);

    // A later run does not move the stamp.
    clock.set('2030-01-01T00:00:00Z');
    await purgeExpiredInvoices(t.ctx);
    const again = await t.ctx.db.selectFrom('invoices').select('user_deleted_at').where('id', '=', rg.id).executeTakeFirstOrThrow();
    expect(again.user_deleted_at).toBe('2027-06-15T08:00:00.000Z');

    clock.set(new Date(Date.parse('2037-06-15T08:00:00Z') - DAY));
    expect(await purgeExpiredInvoices(t.ctx)).toBe(0);
    for (const id of [rg.id, st.id, kept.id, other.id]) expect(await exists(id)).toBe(true);

    clock.set('2037-06-15T08:00:00Z');
    expect(await purgeExpiredInvoices(t.ctx)).toBe(3);
    for (const id of [rg.id, st.id, kept.id]) expect(await exists(id)).toBe(false);
    expect(await t.ctx.db.selectFrom('invoice_items').select('id').where('invoice_id', 'in', [rg.id, st.id, kept.id]).execute()).toEqual([]);

    // Invoices of accounts that still exist are never deleted by age.
    clock.set('2060-01-01T00:00:00Z');
    await purgeExpiredInvoices(t.ctx);
    expect(await exists(other.id)).toBe(true);
  });

  it('never deletes an original while its cancellation is still kept', async () => {
    clock.set('2026-03-01T10:00:00Z');
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const rg = await buildInvoice(t.ctx, { user });
    await agentAs(t, admin).delete(`/api/admin/users/${user.id}`).expect(204);
    await purgeExpiredInvoices(t.ctx);
    // Cancelled after the deletion: the ST inherits the original's stamp, so both expire together.
    clock.set('2027-03-01T10:00:00Z');
    const st = (await agentAs(t, admin).post(`/api/admin/invoices/${rg.id}/cancel`).send({}).expect(201)).body;
    const stamps = await t.ctx.db.selectFrom('invoices').select('user_deleted_at').where('id', 'in', [rg.id, st.id]).execute();
    expect(new Set(stamps.map((r) => r.user_deleted_at))).toEqual(new Set(['2026-03-01T10:00:00.000Z']));
    // Should a cancellation ever carry a later stamp, the original waits for it (the FK would refuse otherwise).
    await t.ctx.db.updateTable('invoices').set({ user_deleted_at: '2027-03-01T10:00:00.000Z' }).where('id', '=', st.id).execute();
    clock.set('2036-06-01T10:00:00Z');
    await purgeExpiredInvoices(t.ctx);
    expect(await exists(rg.id)).toBe(true);
    expect(await exists(st.id)).toBe(true);
    clock.set('2037-03-01T10:00:00Z');
    await purgeExpiredInvoices(t.ctx);
    expect(await exists(rg.id)).toBe(false);
    expect(await exists(st.id)).toBe(false);
  });
});

describe('issuer address', () => {
  const bare = useTestApp();
  it('refuses to issue an invoice without an issuer address (409), and takes no number', async () => {
    const admin = await buildAdmin(bare.ctx);
    const user = await buildUser(bare.ctx);
    const res = await agentAs(bare, admin).post('/api/admin/invoices').send({ user_id: user.id, items }).expect(409);
    expect(res.body.error.code).toBe('issuer_missing');
    const counter = await bare.ctx.db.selectFrom('invoice_counters').select('last').where('prefix', '=', 'RG').executeTakeFirstOrThrow();
    expect(counter.last).toBe(0);
  });
});
