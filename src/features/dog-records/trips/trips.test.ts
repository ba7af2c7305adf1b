import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { tripRemindersJob } from './trips.jobs.js';

const clock = fixedClock('2026-06-01T08:00:00Z');
const t = useTestApp({ clock });

async function family() {
  const owner = await buildUser(t.ctx);
  const friend = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user: owner, name: 'Balu', chip_number: '276098106123456', birth_date: '2022-01-01' });
  const a = agentAs(t, owner);
  await shareDog(t, a, dog.id, friend);
  return { owner, friend, dog, a, f: agentAs(t, friend) };
}
const norway = { country: 'NO', entry_at: '2026-07-10T10:00:00+02:00', return_at: '2026-07-24T18:00:00+02:00' };
const statuses = (trip: { checks: { code: string; status: string }[] }) => Object.fromEntries(trip.checks.map((c) => [c.code, c.status]));

describe('trips', () => {
  it('401 without a session, 403 for a stranger, 404 for a missing dog or trip; 422 for a return before entry', async () => {
    const { dog, a } = await family();
    const stranger = agentAs(t, await buildUser(t.ctx));
    await request(t.app).post(`/api/dogs/${dog.id}/trips`).send(norway).expect(401);
    await stranger.post(`/api/dogs/${dog.id}/trips`).send(norway).expect(403);
    await a.post(`/api/dogs/999999/trips`).send(norway).expect(404);
    await a
      .post(`/api/dogs/${dog.id}/trips`)
      .send({ ...norway, return_at: '2026-07-01T10:00:00Z' })
      .expect(422);
    await a
      .post(`/api/dogs/${dog.id}/trips`)
      .send({ ...norway, country: 'no' })
      .expect(400);
    const trip = (await a.post(`/api/dogs/${dog.id}/trips`).send(norway).expect(201)).body;
    await stranger.get(`/api/trips/${trip.id}`).expect(403);
    await stranger.patch(`/api/trips/${trip.id}`).send({ notes: 'x' }).expect(403);
    await stranger.get(`/api/trips/${trip.id}/travel-sheet.pdf`).expect(403);
    await a.get('/api/trips/999999').expect(404);
    await request(t.app).get('/api/travel/countries').expect(401);
    const countries = (await a.get('/api/travel/countries').expect(200)).body.items;
    expect(countries.find((c: { code: string }) => c.code === 'NO')).toEqual({
      code: 'NO',
      name: 'Norwegen',
      rules: ['chip', 'rabies', 'passport', 'tapeworm'],
    });
  });

  it('the checks are recomputed on every read: a new rabies vaccination and the treatment turn them green; caregivers plan and change too', async () => {
    const { dog, a, f } = await family();
    const trip = (await f.post(`/api/dogs/${dog.id}/trips`).send(norway).expect(201)).body;
    expect(trip).toMatchObject({ entry_at: '2026-07-10T08:00:00.000Z', country_name: 'Norwegen', ready: false });
    expect(statuses(trip)).toEqual({ chip: 'ok', rabies: 'todo', passport: 'todo', tapeworm: 'todo' });
    expect(trip.checks.find((c: { code: string }) => c.code === 'tapeworm').message).toBe(
      'Bandwurmbehandlung beim Tierarzt zwischen So, 5. Juli, 10:00 und Do, 9. Juli, 10:00.',
    );
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Nobivac Rabies', date: '2026-05-01', next_due: '2029-05-01' }).expect(201);
    await a.patch(`/api/dogs/${dog.id}`).send({ pet_passport_number: 'DE 0123456', chip_implanted_on: '2022-03-01' }).expect(200);
    expect(statuses((await f.get(`/api/trips/${trip.id}`).expect(200)).body)).toEqual({ chip: 'ok', rabies: 'ok', passport: 'ok', tapeworm: 'todo' });
    const done = (await f.patch(`/api/trips/${trip.id}`).send({ tapeworm_treated_at: '2026-07-08T09:30:00+02:00' }).expect(200)).body;
    expect(done).toMatchObject({ ready: true, ready_from: null });
    expect((await a.get(`/api/dogs/${dog.id}/trips`).expect(200)).body.items).toHaveLength(1);
    const feed = (await a.post('/api/me/calendar-feed').expect(200)).body.url as string;
    const ics = (await request(t.app).get(new URL(feed).pathname).expect(200)).text;
    expect(ics).toContain(`UID:trip-${trip.id}@`);
    expect(ics).toContain('SUMMARY:Balu: Reise nach Norwegen');
    expect(ics).not.toContain(`UID:trip-${trip.id}-tapeworm@`); // treated: no open window left (an open one is listed, see the Norway trip below)
    const pdf = await f.get(`/api/trips/${trip.id}/travel-sheet.pdf`).expect(200).expect('Content-Type', 'application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    await f.delete(`/api/trips/${trip.id}`).expect(204);
    await a.get(`/api/trips/${trip.id}`).expect(404);
  });

  it('a primary vaccination 10 days before entry blocks the trip with ready_from', async () => {
    const { dog, a } = await family();
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2026-06-01', next_due: '2027-06-01' }).expect(201);
    const trip = (await a.post(`/api/dogs/${dog.id}/trips`).send({ country: 'AT', entry_at: '2026-06-11T10:00:00+02:00' }).expect(201)).body;
    expect(trip).toMatchObject({ ready: false, ready_from: '2026-06-22' });
  });

  it('reminders (fixed clock): when the tapeworm window opens and 3 days before it closes, once each, owner and caregiver', async () => {
    const { owner, friend, dog, a } = await family();
    const trip = (await a.post(`/api/dogs/${dog.id}/trips`).send(norway).expect(201)).body;
    const feed = (await a.post('/api/me/calendar-feed').expect(200)).body.url as string;
    expect((await request(t.app).get(new URL(feed).pathname).expect(200)).text).toContain(`UID:trip-${trip.id}-tapeworm@`);
    const notes = (userId: number) =>
      t.ctx.db.selectFrom('notifications').select(['title']).where('user_id', '=', userId).where('type', '=', 'trip').orderBy('id').execute();
    clock.set('2026-07-04T08:00:00Z');
    await tripRemindersJob.run(t.ctx);
    expect(await notes(owner.id)).toEqual([]);
    clock.set('2026-07-05T08:07:00Z'); // the window opened at 08:00Z (120 h before entry)
    expect(await tripRemindersJob.run(t.ctx)).toBeGreaterThan(0); // other tests' trips may remind too
    clock.set('2026-07-06T08:07:00Z'); // it closes on 9 July, 08:00Z: 3 days before
    expect(await tripRemindersJob.run(t.ctx)).toBeGreaterThan(0); // other tests' trips may remind too
    expect(await tripRemindersJob.run(t.ctx)).toBe(0);
    for (const id of [owner.id, friend.id]) {
      const titles = (await notes(id)).map((n) => n.title);
      expect(titles.filter((x) => x.includes('jetzt ist die Zeit'))).toHaveLength(1);
      expect(titles.filter((x) => x.includes('nur noch wenige Tage'))).toHaveLength(1);
    }
    clock.set('2026-06-01T08:00:00Z');
  });
});
