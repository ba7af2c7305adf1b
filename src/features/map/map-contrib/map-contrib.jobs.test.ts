import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOsmApiServer } from '../../../../test/fakes/osm-api-server.js';
import { agentAs, buildUpgradeRequest, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { DAY, fixedClock } from '#core/clock.js';
import { mapContribJobs, uploadsSettled } from './index.js';

const osm = new FakeOsmApiServer();
await osm.start();
afterAll(() => osm.stop());
const clock = fixedClock('2026-06-01T01:40:00Z');
const t = useTestApp({ clock, env: { OSM_API_URL: osm.url, OSM_ACCESS_TOKEN: osm.token } });
const job = mapContribJobs[0]!;

beforeEach(() => {
  osm.reset();
  clock.set('2026-06-01T01:40:00Z');
});

const node = (id: number, tags: Record<string, string> = { amenity: 'restaurant' }) => osm.add({ type: 'node', id, version: 1, lat: 48, lon: 11, tags });

async function statusOf(userId: number) {
  return t.ctx.db.selectFrom('map_contributions').select(['osm_id', 'status', 'reason']).where('user_id', '=', userId).orderBy('osm_id').execute();
}

/** `n` confirmed contributions inserted directly (ids from `from`), as the survival check leaves them. */
async function confirmed(userId: number, n: number, from = 1) {
  const at = clock.now().toISOString();
  const rows = Array.from({ length: n }, (_, i) => ({
    user_id: userId,
    osm_type: 'node' as const,
    osm_id: from + i,
    venue_kind: 'cafe',
    status: 'confirmed' as const,
    uploaded_at: at,
    created_at: at,
    updated_at: at,
  }));
  await t.ctx.db.insertInto('map_contributions').values(rows).execute();
}

async function userRow(id: number) {
  return t.ctx.db.selectFrom('users').select(['subscription_tier', 'is_premium']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('map-contrib.daily (03:40)', () => {
  it('retries an upload that failed at the tap, once per run, and never uploads a venue twice', async () => {
    node(2001);
    const user = await buildUser(t.ctx);
    osm.createStatus = 503;
    await agentAs(t, user).post('/api/map-contrib/dog-friendly').send({ osm_type: 'node', osm_id: 2001 }).expect(201);
    await uploadsSettled(t.ctx);
    expect(osm.get('node', 2001)?.tags.dog).toBeUndefined();
    osm.createStatus = 200;
    await job.run(t.ctx);
    expect(osm.get('node', 2001)).toMatchObject({ version: 2, tags: { dog: 'yes' } });
    const creates = () => osm.requests.filter((r) => r.path === '/api/0.6/changeset/create').length;
    expect(creates()).toBe(2);
    await job.run(t.ctx);
    expect(creates()).toBe(2);
    const row = await t.ctx.db.selectFrom('map_contributions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 2, last_error: null, uploaded_at: '2026-06-01T01:40:00.000Z', version_after: 2 });
  });

  it('after 7 days: still dog=yes → confirmed; reverted after 3 days → rejected; element deleted → rejected; uploaded later → waits', async () => {
    for (const id of [3001, 3002, 3003, 3004, 3005]) node(id);
    const user = await buildUser(t.ctx);
    const a = agentAs(t, user);
    for (const id of [3001, 3002, 3003, 3004]) await a.post('/api/map-contrib/dog-friendly').send({ osm_type: 'node', osm_id: id }).expect(201);
    await uploadsSettled(t.ctx);
    clock.advance(3 * DAY);
    delete osm.get('node', 3002)!.tags.dog; // someone reverted the edit
    osm.get('node', 3003)!.deleted = true;
    await a.post('/api/map-contrib/dog-friendly').send({ osm_type: 'node', osm_id: 3005 }).expect(201); // uploaded 3 days later
    await uploadsSettled(t.ctx);
    clock.advance(4 * DAY - 1000);
    await job.run(t.ctx);
    expect((await statusOf(user.id)).every((r) => r.status === 'pending')).toBe(true); // not yet 7 days
    clock.advance(1000);
    await job.run(t.ctx);
    expect(await statusOf(user.id)).toEqual([
      { osm_id: 3001, status: 'confirmed', reason: null },
      { osm_id: 3002, status: 'rejected', reason: 'reverted' },
      { osm_id: 3003, status: 'rejected', reason: 'deleted' },
      { osm_id: 3004, status: 'confirmed', reason: null },
      { osm_id: 3005, status: 'pending', reason: null },
    ]);
  });

  it('an unreachable API leaves due contributions pending for the next night', async () => {
    node(3101);
    const user = await buildUser(t.ctx);
    await agentAs(t, user).post('/api/map-contrib/dog-friendly').send({ osm_type: 'node', osm_id: 3101 }).expect(201);
    await uploadsSettled(t.ctx);
    clock.advance(8 * DAY);
    osm.readsBroken = true;
    await job.run(t.ctx);
    expect(await statusOf(user.id)).toEqual([{ osm_id: 3101, status: 'pending', reason: null }]);
    osm.readsBroken = false;
    await job.run(t.ctx);
    expect(await statusOf(user.id)).toEqual([{ osm_id: 3101, status: 'confirmed', reason: null }]);
  });
});

describe('venues tapped while OpenStreetMap was unreachable', () => {
  const reads = (id: number) => osm.requests.filter((r) => r.method === 'GET' && r.path === `/api/0.6/node/${id}.json`).length;

  it('wait while it stays down; once it answers, an offered kind is kept and uploaded with one read, another kind is rejected not_offered, a missing one deleted', async () => {
    node(4001, { amenity: 'cafe', name: 'Café Pfote' });
    node(4002, { amenity: 'bank', name: 'Sparkasse' });
    const user = await buildUser(t.ctx);
    const a = agentAs(t, user);
    osm.readsBroken = true;
    for (const id of [4001, 4002, 4003])
      await a.post('/api/map-contrib/dog-friendly').send({ osm_type: 'node', osm_id: id, venue_kind: 'cafe', venue_name: 'Laut Karte' }).expect(201);
    await uploadsSettled(t.ctx);

    await job.run(t.ctx); // still down: nothing decided, nothing written
    expect((await statusOf(user.id)).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    expect(osm.writes()).toEqual([]);

    osm.readsBroken = false;
    osm.requests = [];
    await job.run(t.ctx);
    expect(await statusOf(user.id)).toEqual([
      { osm_id: 4001, status: 'pending', reason: null },
      { osm_id: 4002, status: 'rejected', reason: 'not_offered' },
      { osm_id: 4003, status: 'rejected', reason: 'deleted' },
    ]);
    expect(osm.get('node', 4001)?.tags.dog).toBe('yes');
    expect(osm.get('node', 4002)?.tags.dog).toBeUndefined();
    expect(reads(4001)).toBe(1); // the check's read serves the upload
    const kept = await t.ctx.db.selectFrom('map_contributions').selectAll().where('osm_id', '=', 4001).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ venue_kind: 'cafe', venue_name: 'Café Pfote', lat: 48, venue_read_at: '2026-06-01T01:40:00.000Z', last_error: null });
    expect(kept.uploaded_at).toBe('2026-06-01T01:40:00.000Z');
    const listed = (await a.get('/api/map-contrib').expect(200)).body.items;
    expect(listed.map((c: { venue_checked: boolean }) => c.venue_checked)).toEqual([false, false, true]);

    await job.run(t.ctx); // decided ones are not read again
    expect([reads(4001), reads(4002), reads(4003)]).toEqual([1, 1, 1]);
  });

  it('a venue that became another kind since its tap is not uploaded when the job retries: rejected not_offered', async () => {
    node(4101, { amenity: 'restaurant' });
    const user = await buildUser(t.ctx);
    osm.createStatus = 503;
    await agentAs(t, user).post('/api/map-contrib/dog-friendly').send({ osm_type: 'node', osm_id: 4101 }).expect(201);
    await uploadsSettled(t.ctx);
    osm.createStatus = 200;
    osm.get('node', 4101)!.tags = { amenity: 'bank' };
    await job.run(t.ctx);
    expect(await statusOf(user.id)).toEqual([{ osm_id: 4101, status: 'rejected', reason: 'not_offered' }]);
    expect(osm.writes().filter((w) => w.path === '/api/0.6/node/4101')).toEqual([]);
  });
});

describe('the Pro grant', () => {
  async function grants(userId: number) {
    return t.ctx.db
      .selectFrom('map_contribution_grants')
      .select(['block', 'pro_until', 'lifted_from'])
      .where('user_id', '=', userId)
      .orderBy('block')
      .execute();
  }

  it('99 confirmed: nothing; 100: one year of Pro, once, also when the job runs twice; 101: nothing more; 200: a second year after the first', async () => {
    const user = await buildUser(t.ctx);
    await confirmed(user.id, 99);
    await job.run(t.ctx);
    expect(await grants(user.id)).toEqual([]);
    expect(await userRow(user.id)).toEqual({ subscription_tier: 'free', is_premium: 0 });

    await confirmed(user.id, 1, 100);
    await Promise.all([job.run(t.ctx), job.run(t.ctx)]);
    await job.run(t.ctx);
    expect(await grants(user.id)).toEqual([{ block: 1, pro_until: '2027-06-01T01:40:00.000Z', lifted_from: 'free' }]);
    expect(await userRow(user.id)).toEqual({ subscription_tier: 'pro', is_premium: 1 });
    const notes = await t.ctx.db.selectFrom('notifications').select(['type', 'title']).where('user_id', '=', user.id).execute();
    expect(notes).toEqual([{ type: 'map_contribution', title: 'Ein Jahr Pro für dich!' }]);
    const list = (await agentAs(t, user).get('/api/map-contrib').expect(200)).body;
    expect(list).toMatchObject({ confirmed_count: 100, to_next_grant: 100, pro_until: '2027-06-01T01:40:00.000Z' });

    await confirmed(user.id, 1, 101);
    await job.run(t.ctx);
    expect(await grants(user.id)).toHaveLength(1);

    clock.advance(30 * DAY);
    await confirmed(user.id, 99, 102);
    await job.run(t.ctx);
    expect(await grants(user.id)).toEqual([
      { block: 1, pro_until: '2027-06-01T01:40:00.000Z', lifted_from: 'free' },
      { block: 2, pro_until: '2028-05-31T01:40:00.000Z', lifted_from: 'free' },
    ]);
  });

  it('when the granted year ends the user goes back to free; a plan an admin granted since stays', async () => {
    const lifted = await buildUser(t.ctx);
    const paying = await buildUser(t.ctx);
    await confirmed(lifted.id, 100);
    await confirmed(paying.id, 100);
    await job.run(t.ctx);
    clock.advance(100 * DAY);
    await buildUpgradeRequest(t.ctx, { user: paying, status: 'fulfilled', granted_tier: 'pro', decided_at: clock.now().toISOString() });
    clock.advance(265 * DAY);
    await job.run(t.ctx);
    expect(await userRow(lifted.id)).toEqual({ subscription_tier: 'free', is_premium: 0 });
    expect(await userRow(paying.id)).toEqual({ subscription_tier: 'pro', is_premium: 1 });
    expect((await agentAs(t, lifted).get('/api/map-contrib').expect(200)).body.pro_until).toBeNull();
  });

  it('a breeder keeps the breeder plan; the grant is recorded', async () => {
    const breeder = await buildUser(t.ctx, { subscription_tier: 'breeder', is_premium: 1 });
    await confirmed(breeder.id, 100);
    await job.run(t.ctx);
    expect(await grants(breeder.id)).toMatchObject([{ block: 1, lifted_from: null }]);
    expect(await userRow(breeder.id)).toEqual({ subscription_tier: 'breeder', is_premium: 1 });
    clock.advance(366 * DAY);
    await job.run(t.ctx);
    expect(await userRow(breeder.id)).toEqual({ subscription_tier: 'breeder', is_premium: 1 });
  });

  it('a breeder_test account keeps its plan and does not become premium through the grant', async () => {
    const tester = await buildUser(t.ctx, { subscription_tier: 'breeder_test', is_premium: 0 });
    await confirmed(tester.id, 100);
    await job.run(t.ctx);
    expect(await grants(tester.id)).toMatchObject([{ block: 1, lifted_from: null }]);
    expect(await userRow(tester.id)).toEqual({ subscription_tier: 'breeder_test', is_premium: 0 });
  });
});
