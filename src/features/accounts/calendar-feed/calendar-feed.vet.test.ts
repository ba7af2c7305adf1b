import ICAL from 'ical.js';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

// Wednesday, 25 November 2026, 11:00 in Berlin.
const t = useTestApp({ clock: fixedClock('2026-11-25T10:00:00Z') });

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  return new Map(
    calendar
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .map((e) => [e.uid, e]),
  );
}

describe('the calendar feed carries planned vet visits', () => {
  it('timed with its time (an hour, Berlin), else all-day; stable UIDs; done visits, other people’s dogs and a moved one follow the record', async () => {
    const owner = await buildUser(t.ctx, { name: 'Vera' });
    const carer = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Bello' });
    const foreign = await buildDog(t.ctx, { user: stranger, name: 'Fremd' });
    const a = agentAs(t, owner);
    await shareDog(t, a, dog.id, carer);
    const visit = (body: object, agent = a, dogId = dog.id) => agent.post(`/api/dogs/${dogId}/vet-visits`).send(body).expect(201);
    const timed = (await visit({ status: 'planned', date: '2026-12-03', time: '09:30', reason: 'Impfung Tollwut' })).body as { id: number; time: string };
    expect(timed.time).toBe('09:30');
    const late = (await visit({ status: 'planned', date: '2026-12-04', time: '23:15', reason: 'Notdienst' })).body as { id: number };
    const allDay = (await visit({ status: 'planned', date: '2026-12-10', reason: 'Zahnkontrolle' })).body as { id: number; time: null };
    expect(allDay.time).toBeNull();
    const done = (await visit({ date: '2026-11-20', reason: 'Ohren' })).body as { id: number };
    const othersVisit = (await visit({ status: 'planned', date: '2026-12-05', reason: 'Fremd' }, agentAs(t, stranger), foreign.id)).body as { id: number };
    await a.post(`/api/dogs/${dog.id}/vet-visits`).send({ status: 'planned', date: '2026-12-03', time: '25:00', reason: 'x' }).expect(400);

    const { url } = (await a.post('/api/me/calendar-feed').expect(200)).body as { url: string };
    const text = (await request(t.app).get(new URL(url).pathname).expect(200)).text;
    const events = eventsOf(text);
    const uid = (id: number) => [...events.keys()].find((k) => k.startsWith(`vet-appointment-${id}@`));
    expect(uid(timed.id)).toBeDefined();
    const first = events.get(uid(timed.id)!)!;
    expect(first.summary).toBe('Bello: Tierarzttermin');
    expect(first.description).toContain('Impfung Tollwut');
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20261203T093000\r\n');
    expect(text).toContain('DTEND;TZID=Europe/Berlin:20261203T103000\r\n');
    expect(first.startDate.toJSDate().toISOString()).toBe('2026-12-03T08:30:00.000Z');
    expect(events.get(uid(late.id)!)!.endDate.toJSDate().toISOString()).toBe('2026-12-04T23:15:00.000Z'); // 00:15 on the 5th in Berlin: past midnight
    const whole = events.get(uid(allDay.id)!)!;
    expect(whole.startDate.isDate).toBe(true);
    expect(whole.startDate.toString()).toBe('2026-12-10');
    expect(uid(done.id)).toBeUndefined();
    expect(uid(othersVisit.id)).toBeUndefined();

    // The caregiver's feed has the dog's appointments too; the same UID, so a calendar app updates, never duplicates.
    const carerFeed = (await agentAs(t, carer).post('/api/me/calendar-feed').expect(200)).body as { url: string };
    expect(uid(timed.id)).toBe(
      [...eventsOf((await request(t.app).get(new URL(carerFeed.url).pathname).expect(200)).text).keys()].find((k) =>
        k.startsWith(`vet-appointment-${timed.id}@`),
      ),
    );

    // Moved to another day: same UID, new date; marked done: it leaves the feed.
    await a.patch(`/api/vet-visits/${allDay.id}`).send({ date: '2026-12-11', time: '14:00' }).expect(200);
    await a.patch(`/api/vet-visits/${timed.id}`).send({ status: 'done', date: '2026-11-25' }).expect(200);
    const again = eventsOf((await request(t.app).get(new URL(url).pathname).expect(200)).text);
    expect(again.get(uid(allDay.id)!)!.startDate.toJSDate().toISOString()).toBe('2026-12-11T13:00:00.000Z');
    expect([...again.keys()].some((k) => k.startsWith(`vet-appointment-${timed.id}@`))).toBe(false);
  });
});
