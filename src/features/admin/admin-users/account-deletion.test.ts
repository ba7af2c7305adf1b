import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { avatarUrlPrefix, dogPhotoUrlPrefix, userMediaUrlPrefix } from '#core/media/paths.js';
import { agentAs, buildAdmin, buildPartnerCode, buildUser } from '../../../../test/helpers/factories.js';
import { isStored, storeTestFile, storedUnder } from '../../../../test/helpers/media.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { countOrphans, countReferencing, listForeignKeys } from './foreign-keys.test-support.js';

const t = useTestApp({ env: { INVOICE_ISSUER_ADDRESS: 'Hundeweg 1|80331 München' } });

/** A user with a record in every table of this area, dogs with files, an avatar file, and invoices. */
async function richUser(admin: { id: number; token_version: number }) {
  const { code } = await buildPartnerCode(t.ctx, { created_by: admin.id, label: 'Löschtest', max_uses: 5, grants_founder: 1 });
  const reg = await request(t.app)
    .post('/api/auth/register')
    .send({ email: `${code.toLowerCase()}@example.de`, password: 'sicheres-passwort', name: 'Wird gelöscht', partner_code: code })
    .expect(201);
  const user = { id: reg.body.id as number, token_version: 0 };
  const dogs: number[] = [];
  for (const name of ['Bello', 'Luna']) dogs.push((await agentAs(t, user).post('/api/dogs').send({ name }).expect(201)).body.id);
  await agentAs(t, user).post('/api/upgrade-requests').send({ tier: 'pro' }).expect(201);
  const inv = (
    await agentAs(t, admin)
      .post('/api/admin/invoices')
      .send({ user_id: user.id, items: [{ description: 'Pro', amount_cents: 4990 }] })
      .expect(201)
  ).body;
  await agentAs(t, admin).post(`/api/admin/invoices/${inv.id}/cancel`).send({}).expect(201);
  await agentAs(t, admin)
    .post('/api/admin/invoices')
    .send({ user_id: user.id, items: [{ description: 'Züchter', amount_cents: 9990 }] })
    .expect(201);
  const files = [`${avatarUrlPrefix(user.id)}avatar.webp`];
  for (const dogId of dogs) files.push(`${dogPhotoUrlPrefix(user.id, dogId)}foto.webp`);
  for (const f of files) await storeTestFile(t.ctx, f, 'bild');
  return { user, dogs, files, password: 'sicheres-passwort' };
}

async function expectNothingLeft(userId: number, dogIds: number[]) {
  const keys = await listForeignKeys(t.ctx.db, t.ctx.engine);
  expect(keys.length).toBeGreaterThan(5);
  for (const fk of keys) {
    expect({ fk, orphans: await countOrphans(t.ctx.db, fk) }).toEqual({ fk, orphans: 0 });
    if (fk.refTable === 'users') expect({ fk, left: await countReferencing(t.ctx.db, fk, [userId]) }).toEqual({ fk, left: 0 });
    if (fk.refTable === 'dogs') expect({ fk, left: await countReferencing(t.ctx.db, fk, dogIds) }).toEqual({ fk, left: 0 });
  }
}

describe('account deletion', () => {
  it('every foreign key to users or dogs has an ON DELETE rule (cascade, or set null where the data is kept)', async () => {
    const keys = await listForeignKeys(t.ctx.db, t.ctx.engine);
    const owned = keys.filter((k) => k.refTable === 'users' || k.refTable === 'dogs');
    expect(owned.length).toBeGreaterThan(0);
    for (const fk of owned) expect({ fk, rule: ['cascade', 'set null'].includes(fk.onDelete) }).toEqual({ fk, rule: true });
    expect(keys.find((k) => k.table === 'invoices' && k.column === 'user_id')?.onDelete).toBe('set null');
  });

  for (const by of ['the user (DELETE /api/me)', 'an admin (DELETE /api/admin/users/{id})'] as const) {
    it(`by ${by}: no row anywhere points at the user or their dogs, no file is left, invoices stay`, async () => {
      const admin = await buildAdmin(t.ctx);
      const bystander = await buildUser(t.ctx);
      const bystanderDog = (await agentAs(t, bystander).post('/api/dogs').send({ name: 'Bleibt' }).expect(201)).body.id as number;
      const bystanderFile = `${dogPhotoUrlPrefix(bystander.id, bystanderDog)}foto.webp`;
      await storeTestFile(t.ctx, bystanderFile, 'bild');
      const { user, dogs, files, password } = await richUser(admin);
      const invoicesBefore = await t.ctx.db
        .selectFrom('invoices')
        .select(['id', 'number', 'total_cents'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      expect(invoicesBefore).toHaveLength(3);

      if (by.startsWith('the user')) await agentAs(t, user).delete('/api/me').send({ password }).expect(204);
      else await agentAs(t, admin).delete(`/api/admin/users/${user.id}`).expect(204);

      await expectNothingLeft(user.id, dogs);
      for (const f of files) expect(await isStored(t.ctx, f)).toBe(false);
      expect(await storedUnder(t.ctx, userMediaUrlPrefix(user.id))).toEqual([]);
      expect(await isStored(t.ctx, bystanderFile)).toBe(true);
      const kept = await t.ctx.db
        .selectFrom('invoices')
        .select(['id', 'number', 'total_cents', 'user_id', 'billing_name'])
        .where(
          'id',
          'in',
          invoicesBefore.map((i) => i.id),
        )
        .orderBy('id')
        .execute();
      expect(kept).toEqual(invoicesBefore.map((i) => ({ ...i, user_id: null, billing_name: 'Wird gelöscht' })));
      expect(
        await t.ctx.db
          .selectFrom('invoice_items')
          .select('id')
          .where(
            'invoice_id',
            'in',
            kept.map((i) => i.id),
          )
          .execute(),
      ).toHaveLength(3);
      // The founder number stays used: places are never handed out twice.
      const counter = await t.ctx.db.selectFrom('founder_counter').select('last').executeTakeFirstOrThrow();
      expect(counter.last).toBeGreaterThanOrEqual(1);
      expect(await t.ctx.db.selectFrom('dogs').select('id').where('id', '=', bystanderDog).executeTakeFirst()).toBeDefined();
    });
  }
});
