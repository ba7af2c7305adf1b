import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#core/clock.js';
import { FakePushServer } from '../../../../test/fakes/push-server.js';
import { agentAs, buildAdmin, buildInvoice, buildUser, type BuiltUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

/** The owner's invoices (decisions: Safety alerts, appointments, blocks and reports): list, document, notification. */

// Midday in Berlin: the quiet hours (22:00–07:00 by default) would hold the pushes.
const t = useTestApp({
  clock: fixedClock('2026-11-20T11:00:00Z'),
  env: { INVOICE_ISSUER_ADDRESS: 'Pfotenbuch GmbH|Hundeweg 1|80331 München', PUSH_ALLOW_HTTP: '1', PUSH_TIMEOUT_MS: '1000' },
});
const pushes = new FakePushServer();
beforeAll(() => pushes.start());
afterAll(() => pushes.stop());

const items = [{ description: 'Pro-Jahresabo', amount_cents: 2990 }];
const notificationsOf = async (user: BuiltUser) =>
  (await agentAs(t, user).get('/api/notifications').expect(200)).body.items as { type: string; title: string; body: string; url: string }[];

describe('GET /api/me/invoices', () => {
  it('is 401 without a session, lists only the caller’s invoices newest first, in keyset pages', async () => {
    await request(t.app).get('/api/me/invoices').expect(401);
    const user = await buildUser(t.ctx);
    const own = [];
    for (let i = 0; i < 3; i++) own.push(await buildInvoice(t.ctx, { user }));
    await buildInvoice(t.ctx);
    await buildInvoice(t.ctx, { user_id: null });
    const first = (await agentAs(t, user).get('/api/me/invoices?limit=2').expect(200)).body;
    expect(first.items.map((i: { id: number }) => i.id)).toEqual([own[2]!.id, own[1]!.id]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (
      await agentAs(t, user)
        .get(`/api/me/invoices?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)
        .expect(200)
    ).body;
    expect(second).toMatchObject({ items: [{ id: own[0]!.id, user_id: user.id }], next_cursor: null });
    await agentAs(t, user).get('/api/me/invoices?cursor=kaputt').expect(400);
  });
});

describe('GET /api/me/invoices/:id and its document', () => {
  it('shows the owner the invoice and the admin’s document; 401, 403 for another’s or a deleted account’s, 404 missing', async () => {
    const user = await buildUser(t.ctx);
    const mine = await buildInvoice(t.ctx, { user, billing_name: 'Kim <b>Kunde</b>' });
    const theirs = await buildInvoice(t.ctx);
    const orphaned = await buildInvoice(t.ctx, { user_id: null });
    const me = agentAs(t, user);
    for (const path of [`/api/me/invoices/${mine.id}`, `/api/me/invoices/${mine.id}/print`]) await request(t.app).get(path).expect(401);
    expect((await me.get(`/api/me/invoices/${mine.id}`).expect(200)).body).toMatchObject({ id: mine.id, number: mine.number, items: expect.any(Array) });
    const page = await me
      .get(`/api/me/invoices/${mine.id}/print`)
      .expect(200)
      .expect('Content-Type', /text\/html/);
    expect(page.text).toContain(mine.number);
    expect(page.text).toContain('Kim &lt;b&gt;Kunde&lt;/b&gt;');
    for (const other of [theirs, orphaned]) {
      await me.get(`/api/me/invoices/${other.id}`).expect(403);
      await me.get(`/api/me/invoices/${other.id}/print`).expect(403);
    }
    await me.get('/api/me/invoices/999999').expect(404);
    await me.get('/api/me/invoices/999999/print').expect(404);
  });
});

describe('notification when an invoice is issued or cancelled', () => {
  it('tells the recipient in the app and by push, once per invoice, and nobody else', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const device = pushes.device();
    await agentAs(t, user).post('/api/push/subscriptions').send(device.subscription).expect(201);

    const invoice = (await agentAs(t, admin).post('/api/admin/invoices').send({ user_id: user.id, items }).expect(201)).body;
    await t.ctx.push.settled();
    expect(await notificationsOf(user)).toMatchObject([
      { type: 'invoice', title: `Neue Rechnung ${invoice.number}`, body: expect.stringContaining('29,90'), url: '/app/profil/rechnungen' },
    ]);
    expect(pushes.receivedBy(device).map((p) => p.payload.title)).toEqual([`Neue Rechnung ${invoice.number}`]);

    const cancellation = (await agentAs(t, admin).post(`/api/admin/invoices/${invoice.id}/cancel`).send({}).expect(201)).body;
    await t.ctx.push.settled();
    const after = await notificationsOf(user);
    expect(after.map((n) => n.title).sort()).toEqual([`Neue Rechnung ${invoice.number}`, `Rechnung ${invoice.number} storniert`].sort());
    expect(after.find((n) => n.title.includes('storniert'))?.body).toContain(cancellation.number);
    expect(pushes.receivedBy(device)).toHaveLength(2);
    expect(await notificationsOf(admin)).toEqual([]);
  });

  it('the recipient can switch the push off; the notification stays in the app', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const device = pushes.device();
    await agentAs(t, user).post('/api/push/subscriptions').send(device.subscription).expect(201);
    await agentAs(t, user).patch('/api/me/notification-settings').send({ invoice: false }).expect(200);
    await agentAs(t, admin).post('/api/admin/invoices').send({ user_id: user.id, items }).expect(201);
    await t.ctx.push.settled();
    expect((await notificationsOf(user)).map((n) => n.type)).toEqual(['invoice']);
    expect(pushes.receivedBy(device)).toEqual([]);
  });
});
