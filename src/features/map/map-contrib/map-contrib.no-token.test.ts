import { afterAll, describe, expect, it } from 'vitest';
import { FakeOsmApiServer } from '../../../../test/fakes/osm-api-server.js';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { mapContribJobs, uploadsSettled } from './index.js';

const osm = new FakeOsmApiServer();
await osm.start();
afterAll(() => osm.stop());
const t = useTestApp({ env: { OSM_API_URL: osm.url } });

describe('without OSM_ACCESS_TOKEN', () => {
  it('the tap still stores the contribution; nothing is written, it stays pending with the reason, and the job does not write either', async () => {
    osm.add({ type: 'node', id: 1, version: 3, lat: 47.3, lon: 8.5, tags: { amenity: 'veterinary', name: 'Tierklinik' } });
    const user = await buildUser(t.ctx);
    const created = (await agentAs(t, user).post('/api/map-contrib/dog-friendly').send({ osm_type: 'node', osm_id: 1 }).expect(201)).body;
    expect(created).toMatchObject({ status: 'pending', venue_kind: 'vet' });
    await uploadsSettled(t.ctx);
    await mapContribJobs[0]!.run(t.ctx);
    expect(osm.writes()).toEqual([]);
    const row = await t.ctx.db.selectFrom('map_contributions').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 0, uploaded_at: null, last_error: expect.stringContaining('OSM_ACCESS_TOKEN') });
  });

  it('the job still reads a venue tapped while OpenStreetMap was unreachable (reads need no token): kept, not written', async () => {
    osm.add({ type: 'way', id: 2, version: 1, nodes: [1, 2, 3, 1], tags: { shop: 'pet', name: 'Futterhaus' } });
    const user = await buildUser(t.ctx);
    osm.readsBroken = true;
    const tapped = { osm_type: 'way', osm_id: 2, venue_kind: 'shop' };
    const created = (await agentAs(t, user).post('/api/map-contrib/dog-friendly').send(tapped).expect(201)).body;
    expect(created).toMatchObject({ venue_checked: false, venue_name: null });
    osm.readsBroken = false;
    await mapContribJobs[0]!.run(t.ctx);
    expect(osm.writes()).toEqual([]);
    const row = await t.ctx.db.selectFrom('map_contributions').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending',
      venue_name: 'Futterhaus',
      venue_read_at: expect.any(String),
      last_error: expect.stringContaining('OSM_ACCESS_TOKEN'),
    });
  });
});
