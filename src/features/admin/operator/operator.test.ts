import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildModerator, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const items = [{ description: 'Pro-Jahresabo', quantity: 1, amount_cents: 2999 }];

describe('operator settings', () => {
  const t = useTestApp({ env: { INVOICE_ISSUER_NAME: 'Pfoten GmbH', ADMIN_EMAIL: 'kontakt@pfoten.example', PRICE_PRO_CENTS_YEAR: '3600' } });

  it('are seeded from the environment; only admins read and change them; strict body; prices reach every user', async () => {
    const admin = agentAs(t, await buildAdmin(t.ctx));
    await request(t.app).get('/api/admin/settings').expect(401);
    await agentAs(t, await buildModerator(t.ctx))
      .get('/api/admin/settings')
      .expect(403);
    const first = (await admin.get('/api/admin/settings').expect(200)).body;
    expect(first).toMatchObject({
      operator_name: 'Pfoten GmbH',
      operator_address: '',
      contact_email: 'kontakt@pfoten.example',
      small_business: 0,
      price_pro_cents_year: 3600,
      price_breeder_cents_year: 9900,
      missing: ['die Anschrift des Betreibers'],
    });
    await admin.patch('/api/admin/settings').send({ operator_name: '' }).expect(400);
    await admin.patch('/api/admin/settings').send({ contact_email: 'keine-mail' }).expect(400);
    await admin.patch('/api/admin/settings').send({ price_pro_cents_year: -1 }).expect(400);
    await admin.patch('/api/admin/settings').send({ id: 2 }).expect(400);
    const changed = (
      await admin
        .patch('/api/admin/settings')
        .send({ operator_address: 'Hundeweg 1\n80331 München', contact_phone: '089 123456', small_business: true, price_breeder_cents_year: 12000 })
        .expect(200)
    ).body;
    expect(changed).toMatchObject({ operator_address: 'Hundeweg 1\n80331 München', small_business: 1, price_breeder_cents_year: 12000, missing: [] });
    const user = agentAs(t, await buildUser(t.ctx));
    await user.patch('/api/admin/settings').send({ operator_name: 'Ich' }).expect(403);
    expect((await user.get('/api/plans/prices').expect(200)).body).toEqual({
      pro_cents_year: 3600,
      breeder_cents_year: 12000,
      small_business: true,
      features: { ai: false, routing: false }, // nothing configured: the comparison promises neither
    });
  });
});

describe('the plan comparison promises what this installation offers', () => {
  const t = useTestApp({ env: { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_API_KEY: 'k', ROUTING_API_KEY: 'r' } });

  it('names AI and route planning once they are configured', async () => {
    const user = agentAs(t, await buildUser(t.ctx));
    expect((await user.get('/api/plans/prices').expect(200)).body.features).toEqual({ ai: true, routing: true });
  });
});

describe('invoices read the settings', () => {
  const t = useTestApp();

  it('a fresh install refuses an invoice in plain German until an admin enters the address; a small business invoices without VAT', async () => {
    const adminUser = await buildAdmin(t.ctx);
    const admin = agentAs(t, adminUser);
    const customer = await buildUser(t.ctx);
    const refused = await admin.post('/api/admin/invoices').send({ user_id: customer.id, items }).expect(409);
    expect(refused.body.error.message).toBe('Für Rechnungen fehlt noch die Anschrift des Betreibers: trag das unter „Verwaltung → Einstellungen“ ein.');
    expect(refused.body.error.message).not.toMatch(/[A-Z]{3,}_[A-Z]+/); // no variable names
    await admin
      .patch('/api/admin/settings')
      .send({ operator_name: 'Pfoten UG', operator_address: 'Hundeweg 1\n80331 München', vat_id: 'DE999999999' })
      .expect(200);
    const inv = (await admin.post('/api/admin/invoices').send({ user_id: customer.id, items }).expect(201)).body;
    expect(inv).toMatchObject({ issuer_name: 'Pfoten UG', issuer_address: 'Hundeweg 1\n80331 München', issuer_vat_id: 'DE999999999', vat_rate_percent: 19 });
    await admin.patch('/api/admin/settings').send({ small_business: true }).expect(200);
    const small = (await admin.post('/api/admin/invoices').send({ user_id: customer.id, items }).expect(201)).body;
    expect(small).toMatchObject({ vat_rate_percent: 0, vat_cents: 0, total_cents: 2999 });
  });
});

describe('legal pages', () => {
  const t = useTestApp({
    env: { INVOICE_ISSUER_NAME: 'Pfoten <GmbH>', INVOICE_ISSUER_ADDRESS: 'Hundeweg 1|80331 München', ADMIN_EMAIL: 'kontakt@pfoten.example' },
  });

  it('/impressum and /datenschutz render the operator (escaped), the upstreams and the rights; linked from public footers', async () => {
    const imprint = await request(t.app).get('/impressum').expect(200);
    expect(imprint.text).toContain('<strong>Pfoten &lt;GmbH&gt;</strong><br>Hundeweg 1<br>80331 München');
    expect(imprint.text).toContain('mailto:kontakt@pfoten.example');
    expect(imprint.text).not.toContain('unvollständig');
    const privacy = await request(t.app).get('/datenschutz').expect(200);
    expect(privacy.text).toContain('Vorlage');
    expect(privacy.text).toContain('Bright Sky');
    expect(privacy.text).toContain('Konto löschen');
    for (const page of ['/', '/help', '/rassen']) {
      const html = (await request(t.app).get(page).expect(200)).text;
      expect(html, page).toContain('href="/impressum"');
      expect(html, page).toContain('href="/datenschutz"');
    }
    const admin = agentAs(t, await buildAdmin(t.ctx));
    await admin.patch('/api/admin/settings').send({ contact_email: '' }).expect(200);
    expect((await request(t.app).get('/impressum').expect(200)).text).toContain('Es fehlt: eine Kontakt-E-Mail-Adresse');
  });

  it('a company’s register entry and representatives: kept by the settings, shown in the Impressum only when set', async () => {
    const admin = agentAs(t, await buildAdmin(t.ctx));
    const before = (await request(t.app).get('/impressum').expect(200)).text;
    expect(before).not.toContain('Registereintrag');
    expect(before).not.toContain('Vertreten durch');
    await admin
      .patch('/api/admin/settings')
      .send({ register_court: 'x'.repeat(201) })
      .expect(422);
    await admin
      .patch('/api/admin/settings')
      .send({ representatives: 'x'.repeat(501) })
      .expect(422);
    const saved = (
      await admin
        .patch('/api/admin/settings')
        .send({ register_court: 'Amtsgericht München', register_number: 'HRB 123456', representatives: 'Erika <Muster>, Max Muster' })
        .expect(200)
    ).body;
    expect(saved).toMatchObject({ register_court: 'Amtsgericht München', register_number: 'HRB 123456', representatives: 'Erika <Muster>, Max Muster' });
    const html = (await request(t.app).get('/impressum').expect(200)).text;
    expect(html).toContain('Vertreten durch: Erika &lt;Muster&gt;, Max Muster');
    expect(html).toContain('Registergericht: Amtsgericht München<br>Registernummer: HRB 123456');
    // Emptied again: the section goes.
    await admin.patch('/api/admin/settings').send({ register_court: '', register_number: null, representatives: ' ' }).expect(200);
    expect((await admin.get('/api/admin/settings').expect(200)).body).toMatchObject({ register_court: null, register_number: null, representatives: null });
    expect((await request(t.app).get('/impressum').expect(200)).text).not.toContain('Registereintrag');
  });
});
