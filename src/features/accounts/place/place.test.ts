import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeNominatimServer } from '../../../../test/fakes/nominatim-server.js';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { endTurn, nextTurnAt } from '#core/upstream/slots.repo.js';
import request from 'supertest';
import { leashSeasonOn } from './place.service.js';

const nominatim = new FakeNominatimServer();
await nominatim.start();
afterAll(() => nominatim.stop());
const clock = fixedClock('2027-05-10T10:00:00Z');
const t = useTestApp({ clock, env: { NOMINATIM_URL: nominatim.url, NOMINATIM_TIMEOUT_MS: '500' } });

const HANNOVER = { lat: 52.3759, lon: 9.732 };
const ZURICH = { lat: 47.3769, lon: 8.5417 };

/** The next lookup may go at once (the one-a-second pace is tested in geocoding). */
async function nextTurnNow(): Promise<void> {
  const held = await nextTurnAt(t.ctx.db, 'nominatim');
  if (held !== undefined) await endTurn(t.ctx.db, 'nominatim', held, Date.now());
}

beforeEach(async () => {
  nominatim.mode = 'ok';
  nominatim.requests = [];
  clock.set('2027-05-10T10:00:00Z');
  await nextTurnNow();
});

describe('GET /api/me/place', () => {
  it('is 401 without a session, and empty (EUR, no season) before a home area', async () => {
    await request(t.app).get('/api/me/place').expect(401);
    const user = await buildUser(t.ctx);
    expect((await agentAs(t, user).get('/api/me/place').expect(200)).body).toEqual({
      country: null,
      region: null,
      region_name: null,
      currency: 'EUR',
      manual: 0,
      leash_season: null,
    });
  });

  it('fills DE / DE-NI from a home area in Hanover, with the leash season active on a day in May', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    await agent.patch('/api/me').send(HANNOVER).expect(200);
    expect(nominatim.requests).toHaveLength(1);
    expect(nominatim.requests[0]?.query.get('zoom')).toBe('5');
    const place = (await agent.get('/api/me/place').expect(200)).body;
    expect(place).toMatchObject({ country: 'DE', region: 'DE-NI', region_name: 'Niedersachsen', currency: 'EUR', manual: 0 });
    expect(place.leash_season).toMatchObject({ from: '04-01', until: '07-15', active_today: true });
    expect(place.leash_season.source_url).toMatch(/^https:\/\//);
    expect(place.leash_season.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(leashSeasonOn('DE-NI', '2027-07-16')?.active_today).toBe(false);
    expect(leashSeasonOn('DE-BY', '2027-05-10')).toBeNull(); // Bavaria: no dates in the table
    // A name-only change of the profile asks nobody.
    await agent.patch('/api/me').send({ name: 'Neu' }).expect(200);
    expect(nominatim.requests).toHaveLength(1);
  });

  it('keeps a hand-set region when the home area moves, and follows the home area again on DELETE', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    expect((await agent.put('/api/me/place').send({ country: 'DE', region: 'DE-HB' }).expect(200)).body).toMatchObject({ region: 'DE-HB', manual: 1 });
    await agent.patch('/api/me').send(ZURICH).expect(200);
    expect((await agent.get('/api/me/place').expect(200)).body).toMatchObject({ country: 'DE', region: 'DE-HB', manual: 1, currency: 'EUR' });
    await nextTurnNow();
    expect((await agent.delete('/api/me/place').expect(200)).body).toMatchObject({
      country: 'CH',
      region: 'CH-ZH',
      region_name: 'Zürich',
      currency: 'CHF',
      manual: 0,
    });
  });

  it('keeps the place when the lookup fails, and clears an automatic one when the home area goes', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    nominatim.mode = '429';
    await agent.patch('/api/me').send(HANNOVER).expect(200);
    expect((await agent.get('/api/me/place').expect(200)).body.country).toBeNull();
    nominatim.mode = 'ok';
    await nextTurnNow();
    await agent.patch('/api/me').send({ lat: 52.38, lon: 9.73 }).expect(200);
    expect((await agent.get('/api/me/place').expect(200)).body.region).toBe('DE-NI');
    await agent.patch('/api/me').send({ lat: null, lon: null }).expect(200);
    expect((await agent.get('/api/me/place').expect(200)).body).toMatchObject({ country: null, region: null });
  });

  it('refuses a region of another country (422), an unknown country or key (400), and 401 without a session', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    await request(t.app).put('/api/me/place').send({ country: 'DE', region: 'DE-NI' }).expect(401);
    expect((await agent.put('/api/me/place').send({ country: 'AT', region: 'DE-NI' }).expect(422)).body.error.fields).toHaveProperty('region');
    await agent.put('/api/me/place').send({ country: 'FR', region: null }).expect(400);
    await agent.put('/api/me/place').send({ country: 'DE', region: null, extra: 1 }).expect(400);
    expect((await agent.put('/api/me/place').send({ country: 'CH', region: null }).expect(200)).body).toMatchObject({ country: 'CH', currency: 'CHF' });
  });
});
