import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildInvoice, buildModerator, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { splitGross } from './invoice-money.js';

const t = useTestApp({ env: { INVOICE_ISSUER_ADDRESS: 'Pfotenbuch GmbH|Hundeweg 1|80331 München', INVOICE_VAT_ID: 'DE123456789' } });

const items = [
  { description: 'Pro-Jahresabo', amount_cents: 990, quantity: 2 },
  { description: 'Züchter-Zusatz', amount_cents: 500 },
];

async function issue(admin: { id: number; token_version: number }, userId: number, body: Record<string, unknown> = {}) {
  return (
    await agentAs(t, admin)
      .post('/api/admin/invoices')
      .send({ user_id: userId, items, ...body })
      .expect(201)
  ).body;
}

describe('splitGross', () => {
  it('splits a gross total into net and VAT that add up to the cent', () => {
    expect(splitGross(2480, 19)).toEqual({ net_cents: 2084, vat_cents: 396 });
    expect(splitGross(-2480, 19)).toEqual({ net_cents: -2084, vat_cents: -396 });
    expect(splitGross(1000, 7)).toEqual({ net_cents: 935, vat_cents: 65 });
    expect(splitGross(1000, 0)).toEqual({ net_cents: 1000, vat_cents: 0 });
  });
});

describe('admin invoice access and input', () => {
  it('is 401 without a session and 403 for users and moderators', async () => {
    const user = await buildUser(t.ctx);
    await request(t.app).get('/api/admin/invoices').expect(401);
    for (const who of [user, await buildModerator(t.ctx)]) {
      await agentAs(t, who).get('/api/admin/invoices').expect(403);
      await agentAs(t, who).post('/api/admin/invoices').send({ user_id: user.id, items }).expect(403);
      await agentAs(t, who).post('/api/admin/invoices/1/cancel').send({}).expect(403);
      await agentAs(t, who).get('/api/admin/invoices/1/print').expect(403);
    }
  });

  it('answers 400 for bad bodies, 422 for long texts, 404 for a missing user, and writes nothing', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, admin);
    const before = await t.ctx.db.selectFrom('invoice_counters').selectAll().orderBy('prefix').execute();
    for (const body of [
      { user_id: user.id, items: [] },
      { user_id: user.id },
      { user_id: user.id, items, number: 'RG-1' },
      { user_id: user.id, items: [{ description: 'x', amount_cents: 9.5 }] },
      { user_id: user.id, items: [{ description: 'x', amount_cents: 100, quantity: 0 }] },
      { user_id: user.id, items: [{ description: 'Gutschrift', amount_cents: -100 }] },
    ])
      await agent.post('/api/admin/invoices').send(body).expect(400);
    await agent
      .post('/api/admin/invoices')
      .send({ user_id: user.id, items: [{ description: 'd'.repeat(10_001), amount_cents: 100 }] })
      .expect(422);
    await agent
      .post('/api/admin/invoices')
      .send({ user_id: user.id, items, billing_address: 'a'.repeat(501) })
      .expect(422);
    await agent.post('/api/admin/invoices').send({ user_id: 999999, items }).expect(404);
    expect(await t.ctx.db.selectFrom('invoices').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('invoice_counters').selectAll().orderBy('prefix').execute()).toEqual(before);
  });
});

describe('issuing an invoice', () => {
  it('numbers RG- invoices one after the other and stores gross, net and VAT with both snapshots', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx, { name: 'Karla Kundin' });
    const first = await issue(admin, user.id, { billing_address: 'Karla Kundin\nBellostr. 5\n1010 Wien', note: 'Danke!' });
    const second = await issue(admin, user.id);
    expect(first.number).toMatch(/^RG-\d{6}$/);
    expect(Number(second.number.slice(3))).toBe(Number(first.number.slice(3)) + 1);
    expect(first).toMatchObject({
      prefix: 'RG',
      status: 'issued',
      user_id: user.id,
      billing_name: 'Karla Kundin',
      billing_email: user.email,
      billing_address: 'Karla Kundin\nBellostr. 5\n1010 Wien',
      issuer_name: 'Pfotenbuch',
      issuer_address: 'Pfotenbuch GmbH\nHundeweg 1\n80331 München',
      issuer_vat_id: 'DE123456789',
      vat_rate_percent: 19,
      total_cents: 2480,
      net_cents: 2084,
      vat_cents: 396,
      note: 'Danke!',
      items: [
        { position: 1, description: 'Pro-Jahresabo', quantity: 2, amount_cents: 990, line_total_cents: 1980 },
        { position: 2, description: 'Züchter-Zusatz', quantity: 1, amount_cents: 500, line_total_cents: 500 },
      ],
    });
    // The snapshot does not follow later profile changes.
    await t.ctx.db.updateTable('users').set({ name: 'Karla Neu' }).where('id', '=', user.id).execute();
    const again = await agentAs(t, admin).get(`/api/admin/invoices/${first.id}`).expect(200);
    expect(again.body.billing_name).toBe('Karla Kundin');
    await agentAs(t, admin).get('/api/admin/invoices/999999').expect(404);
  });

  it('lists newest first, filtered by user, in pages', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const a = await buildInvoice(t.ctx, { user });
    const b = await buildInvoice(t.ctx, { user });
    const c = await buildInvoice(t.ctx, { user });
    await buildInvoice(t.ctx); // another user's
    const first = await agentAs(t, admin).get(`/api/admin/invoices?user_id=${user.id}&limit=2`).expect(200);
    expect(first.body.items.map((i: { id: number }) => i.id)).toEqual([c.id, b.id]);
    const second = await agentAs(t, admin).get(`/api/admin/invoices?user_id=${user.id}&limit=2&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body).toMatchObject({ items: [{ id: a.id, number: a.number }], next_cursor: null });
  });
});

describe('cancellation (ST-)', () => {
  it('issues an ST invoice with negated amounts that references the original, once', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const original = await issue(admin, user.id, { billing_address: 'Am Hang 3' });
    const res = await agentAs(t, admin).post(`/api/admin/invoices/${original.id}/cancel`).send({ reason: 'Doppelt gebucht' }).expect(201);
    expect(res.body.number).toMatch(/^ST-\d{6}$/);
    expect(res.body).toMatchObject({
      prefix: 'ST',
      cancels_invoice_id: original.id,
      cancels_number: original.number,
      user_id: user.id,
      billing_address: 'Am Hang 3',
      total_cents: -2480,
      net_cents: -2084,
      vat_cents: -396,
      note: 'Doppelt gebucht',
      items: [expect.objectContaining({ amount_cents: -990, quantity: 2, line_total_cents: -1980 }), expect.objectContaining({ amount_cents: -500 })],
    });
    const after = await agentAs(t, admin).get(`/api/admin/invoices/${original.id}`).expect(200);
    expect(after.body).toMatchObject({ status: 'cancelled', cancelled_by_number: res.body.number });
    expect((await agentAs(t, admin).post(`/api/admin/invoices/${original.id}/cancel`).send({}).expect(409)).body.error.code).toBe('already_cancelled');
    expect((await agentAs(t, admin).post(`/api/admin/invoices/${res.body.id}/cancel`).send({}).expect(409)).body.error.code).toBe('not_cancellable');
    await agentAs(t, admin).post('/api/admin/invoices/999999/cancel').send({}).expect(404);
    const st = await t.ctx.db.selectFrom('invoices').select('id').where('cancels_invoice_id', '=', original.id).execute();
    expect(st).toHaveLength(1);
  });

  it('counts RG and ST separately', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const rg1 = await issue(admin, user.id);
    const st1 = (await agentAs(t, admin).post(`/api/admin/invoices/${rg1.id}/cancel`).send({}).expect(201)).body;
    const rg2 = await issue(admin, user.id);
    const st2 = (await agentAs(t, admin).post(`/api/admin/invoices/${rg2.id}/cancel`).send({}).expect(201)).body;
    expect(Number(rg2.number.slice(3))).toBe(Number(rg1.number.slice(3)) + 1);
    expect(Number(st2.number.slice(3))).toBe(Number(st1.number.slice(3)) + 1);
  });
});

describe('printable view', () => {
  it('renders an escaped A4 page with German money and dates, and the cancellation reference', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx, { name: '<img src=x onerror=alert(1)>' });
    const inv = await issue(admin, user.id, { items: [{ description: '<script>alert(1)</script>', amount_cents: 1250 }] });
    const res = await agentAs(t, admin).get(`/api/admin/invoices/${inv.id}/print`).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain(inv.number);
    expect(res.text).toContain('12,50');
    expect(res.text).toMatch(/zzgl\. 19 % USt/);
    const [y, m, d] = inv.issue_date.split('-');
    expect(res.text).toContain(`${d}.${m}.${y}`);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain('&lt;script&gt;');
    expect(res.text).not.toContain('<img src=x');
    const st = (await agentAs(t, admin).post(`/api/admin/invoices/${inv.id}/cancel`).send({}).expect(201)).body;
    const stPage = await agentAs(t, admin).get(`/api/admin/invoices/${st.id}/print`).expect(200);
    expect(stPage.text).toContain('Stornorechnung');
    expect(stPage.text).toContain(`Stornorechnung zur Rechnung ${inv.number}`);
    expect(stPage.text).toContain('-12,50');
    await agentAs(t, admin).get('/api/admin/invoices/999999/print').expect(404);
  });
});

describe('a long line', () => {
  it('keeps a 10,000-character description whole and prints it in the description column', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const description = `Jahreslizenz\n${'Hundeschule '.repeat(500)}${'x'.repeat(10_000 - 13 - 6_000)}`;
    expect(description).toHaveLength(10_000);
    const inv = await issue(admin, user.id, { items: [{ description, amount_cents: 4_990 }] });
    expect(inv.items[0].description).toBe(description);
    const stored = await t.ctx.db.selectFrom('invoice_items').select('description').where('invoice_id', '=', inv.id).executeTakeFirstOrThrow();
    expect(stored.description).toBe(description);
    const page = (await agentAs(t, admin).get(`/api/admin/invoices/${inv.id}/print`).expect(200)).text;
    expect(page).toContain(`<td class="desc">${description}</td>`);
    expect(page).toContain('49,90');
  });
});

describe('own invoices', () => {
  it('a user lists and prints only their own invoices (403 for another’s or a deleted account’s, 404 for a missing one)', async () => {
    const user = await buildUser(t.ctx);
    const mine = await buildInvoice(t.ctx, { user });
    const theirs = await buildInvoice(t.ctx);
    const orphaned = await buildInvoice(t.ctx, { user_id: null });
    await request(t.app).get('/api/invoices').expect(401);
    const list = await agentAs(t, user).get('/api/invoices').expect(200);
    expect(list.body.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    await agentAs(t, user).get(`/api/invoices/${mine.id}/print`).expect(200);
    await agentAs(t, user).get(`/api/invoices/${theirs.id}/print`).expect(403);
    await agentAs(t, user).get(`/api/invoices/${orphaned.id}/print`).expect(403);
    await agentAs(t, user).get('/api/invoices/999999/print').expect(404);
    await agentAs(t, user).get('/api/invoices/abc/print').expect(400);
  });
});

describe('account deletion keeps invoices', () => {
  it('deleting the user leaves the invoice with its snapshot and user_id null', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx, { name: 'Gehende Kundin' });
    const inv = await issue(admin, user.id);
    await agentAs(t, admin).delete(`/api/admin/users/${user.id}`).expect(204);
    const res = await agentAs(t, admin).get(`/api/admin/invoices/${inv.id}`).expect(200);
    expect(res.body).toMatchObject({ user_id: null, billing_name: 'Gehende Kundin', billing_email: user.email, total_cents: 2480, number: inv.number });
    expect(res.body.items).toHaveLength(2);
    await agentAs(t, admin).get(`/api/admin/invoices/${inv.id}/print`).expect(200);
  });
});

describe('small business (INVOICE_VAT_RATE=0)', () => {
  const small = useTestApp({ env: { INVOICE_ISSUER_ADDRESS: 'Hundeweg 1|80331 München', INVOICE_VAT_RATE: '0' } });
  it('stores no VAT and prints the § 19 UStG note instead of VAT lines', async () => {
    const admin = await buildAdmin(small.ctx);
    const user = await buildUser(small.ctx);
    const inv = (await agentAs(small, admin).post('/api/admin/invoices').send({ user_id: user.id, items }).expect(201)).body;
    expect(inv).toMatchObject({ vat_rate_percent: 0, net_cents: 2480, vat_cents: 0, total_cents: 2480 });
    const page = await agentAs(small, admin).get(`/api/admin/invoices/${inv.id}/print`).expect(200);
    expect(page.text).toContain('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
    expect(page.text).not.toMatch(/zzgl\./);
  });
});
