import { agentAs, buildAdmin, buildDog, buildInvoice, buildPartnerCode, buildUpgradeRequest, buildUser } from '../../helpers/factories.js';
import type { TestApp } from '../../helpers/test-app.js';
import type { Case, Kit } from './kit.js';
import { times } from './kit.js';

/** The admin's lists and the help articles. */
export function adminCases(t: TestApp, k: Kit): Case[] {
  const { items, word, place } = k;
  return [
    // ── admin ──
    {
      route: 'GET /api/admin/users/search',
      bound: 2,
      async scenario() {
        const admin = await buildAdmin(t.ctx);
        const name = word('Kontoname');
        return {
          add: (n) =>
            times(n, async (i) => {
              const u = await buildUser(t.ctx, { name: `${name} ${i}` });
              await buildDog(t.ctx, { user: u });
            }),
          get: () => agentAs(t, admin).get(`/api/admin/users/search?q=${name}`),
          size: items,
        };
      },
    },
    {
      route: 'GET /api/admin/invoices',
      bound: 2,
      async scenario() {
        const admin = await buildAdmin(t.ctx);
        const user = await buildUser(t.ctx);
        return {
          add: (n) => times(n, () => buildInvoice(t.ctx, { user })),
          get: () => agentAs(t, admin).get(`/api/admin/invoices?user_id=${user.id}`),
          size: items,
        };
      },
    },
    {
      route: 'GET /api/invoices',
      bound: 2,
      async scenario() {
        const user = await buildUser(t.ctx);
        return {
          add: (n) => times(n, () => buildInvoice(t.ctx, { user })),
          get: () => agentAs(t, user).get('/api/invoices'),
          size: items,
        };
      },
    },
    {
      route: 'GET /api/admin/partner/codes',
      bound: 2,
      async scenario() {
        const admin = await buildAdmin(t.ctx);
        return {
          add: (n) => times(n, () => buildPartnerCode(t.ctx, { created_by: admin.id })),
          get: () => agentAs(t, admin).get('/api/admin/partner/codes?limit=200'),
        };
      },
    },
    {
      route: 'GET /api/admin/upgrade-requests',
      bound: 2,
      async scenario() {
        const admin = await buildAdmin(t.ctx);
        return {
          add: (n) => times(n, () => buildUpgradeRequest(t.ctx)),
          get: () => agentAs(t, admin).get('/api/admin/upgrade-requests?limit=200'),
        };
      },
    },
    {
      route: 'GET /api/admin/stats',
      bound: 9,
      async scenario() {
        const admin = await buildAdmin(t.ctx);
        return {
          add: (n) =>
            times(n, async (i) =>
              agentAs(t, await buildUser(t.ctx))
                .post('/api/places')
                .send({ ...place(), name: `Ort ${i}`, types: [word('typ').replace(/\d/g, 'a'), 'tierarzt'] })
                .expect(201),
            ),
          get: () => agentAs(t, admin).get('/api/admin/stats'),
        };
      },
    },
    ...(['GET /api/help', 'GET /api/admin/help-articles'] as const).map((route): Case => ({
      route,
      bound: 2,
      async scenario() {
        const admin = await buildAdmin(t.ctx);
        return {
          // Through the admin route: /api/help keeps its list for a minute, and only the admin's writes empty that cache.
          add: (n) =>
            times(n, () =>
              agentAs(t, admin)
                .post('/api/admin/help-articles')
                .send({ category: 'konto', title: `Frage ${word('h')}`, body: 'Antwort', active: 1 })
                .expect(201),
            ),
          get: () => agentAs(t, admin).get(route === 'GET /api/help' ? '/api/help' : '/api/admin/help-articles?limit=200'),
        };
      },
    })),
  ];
}
