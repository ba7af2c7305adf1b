import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildDog, buildModerator, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

describe('GET /api/admin/stats', () => {
  it('counts accounts per tier, dogs, places per type, cached map points per layer and contributions per state; admins only', async () => {
    const admin = agentAs(t, await buildAdmin(t.ctx));
    const before = (await admin.get('/api/admin/stats').expect(200)).body;
    const pro = await buildUser(t.ctx, { subscription_tier: 'pro' });
    await buildDog(t.ctx, { user: pro });
    await agentAs(t, pro)
      .post('/api/places')
      .send({ lat: 52.5, lon: 13.4, name: 'Praxis', types: ['tierarzt', 'hundesalon'] })
      .expect(201);
    await t.ctx.db
      .insertInto('osm_tile_cache')
      .values({ layer: 'vet', tile: '52.50,13.25', features_json: '[]', feature_count: 12, fetched_at: new Date().toISOString() })
      .execute();
    const at = new Date().toISOString();
    const contribution = (status: 'pending' | 'confirmed', osm_id: number) =>
      ({ user_id: pro.id, osm_type: 'node', osm_id, venue_kind: 'cafe', status, created_at: at, updated_at: at }) as const;
    await t.ctx.db
      .insertInto('map_contributions')
      .values([contribution('pending', 1), contribution('confirmed', 2), contribution('confirmed', 3)])
      .execute();
    const after = (await admin.get('/api/admin/stats').expect(200)).body;
    expect(after.users_total).toBe(before.users_total + 1);
    expect(after.users_by_tier.pro).toBe((before.users_by_tier.pro ?? 0) + 1);
    expect(after.dogs_total).toBe(before.dogs_total + 1);
    expect(after.user_poi_total).toBe(before.user_poi_total + 1);
    expect(after.user_poi_by_type).toMatchObject({
      tierarzt: (before.user_poi_by_type.tierarzt ?? 0) + 1,
      hundesalon: (before.user_poi_by_type.hundesalon ?? 0) + 1,
    });
    expect(after.osm_poi_cached_by_type.vet).toBe((before.osm_poi_cached_by_type.vet ?? 0) + 12);
    expect(after.contributions_by_status).toEqual({ pending: 1, confirmed: 2 });
    await agentAs(t, await buildModerator(t.ctx))
      .get('/api/admin/stats')
      .expect(403);
    await request(t.app).get('/api/admin/stats').expect(401);
  });
});
