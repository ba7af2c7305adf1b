import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, sessionCookie } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { range, settlePoolBeforeTeardown, useListeningServer } from './race-helpers.js';

const t = useTestApp();
const http = useListeningServer(t);
settlePoolBeforeTeardown(t);

describe('race: 150 parallel admin grants on 150 users', () => {
  it('hands out founder numbers 1–100 exactly once and refuses 50 with 409 and the German message', async () => {
    const admin = await buildAdmin(t.ctx);
    const cookie = sessionCookie(t.ctx, admin);
    const users = [];
    for (let i = 0; i < 150; i++) users.push(await buildUser(t.ctx, { is_founder_pending: i % 3 === 0 ? 1 : 0 }));
    const results = await Promise.all(
      users.map((u) => request(http.server).post(`/api/admin/partner/users/${u.id}/grant`).set('Cookie', cookie).send({ mode: 'now' })),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(50);
    for (const r of refused) expect(r.body.error).toEqual({ code: 'founder_places_taken', message: 'Alle 100 Gründerplätze sind bereits vergeben.' });
    expect(ok.map((r) => r.body.founder_number as number).sort((a, b) => a - b)).toEqual(range(1, 100));

    const rows = await t.ctx.db.selectFrom('users').select('founder_number').where('is_founder', '=', 1).execute();
    expect(rows.map((r) => r.founder_number).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(range(1, 100));
    expect((await t.ctx.db.selectFrom('founder_counter').select('last').executeTakeFirstOrThrow()).last).toBe(100);
  });
});
