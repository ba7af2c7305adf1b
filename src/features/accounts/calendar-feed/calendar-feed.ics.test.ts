import ICAL from 'ical.js';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog, type BuiltUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { firstWeekdayFrom } from './feed-entries.js';

// Wednesday, 25 November 2026, 11:00 in Berlin.
const clock = fixedClock('2026-11-25T10:00:00Z');
const t = useTestApp({ clock });

/** The feed parsed by ical.js (an independent parser), its VTIMEZONE registered so times resolve to instants. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return { calendar, zone, events, byUid: new Map(events.map((e) => [e.uid, e])) };
}

const day = (e: ICAL.Event) => (e.startDate.isDate ? e.startDate.toString() : null);
const rruleOf = (e: ICAL.Event) => e.component.getFirstPropertyValue('rrule') as ICAL.Recur | null;
/** The first n starts of a repeating event, as ical.js expands its RRULE. */
function occurrences(e: ICAL.Event, n: number): string[] {
  const it = e.iterator();
  const out: string[] = [];
  for (let next = it.next(); next && out.length < n; next = it.next()) out.push(next.toString());
  return out;
}

type RowName =
  | 'tollwut'
  | 'shppiOld'
  | 'shppi'
  | 'rexStaupe'
  | 'rexi'
  | 'fremd'
  | 'rimadyl'
  | 'oldMedication'
  | 'zecken'
  | 'neverDone'
  | 'playdate'
  | 'ownPlaydate'
  | 'notJoined'
  | 'event'
  | 'othersEvent'
  | 'slot';

interface World {
  clara: BuiltUser;
  feedPath: string;
  ids: Record<RowName, number>;
}

/** Clara, her dogs Bello and Luna, a dog she looks after (Rexi), and what others did nearby that is not hers. */
async function world(): Promise<World> {
  const clara = await buildUser(t.ctx, { name: 'Clara' });
  const other = await buildUser(t.ctx, { name: 'Otto' });
  const bello = await buildDog(t.ctx, { user: clara, name: 'Bello', sex: 'male' });
  const luna = await buildDog(t.ctx, { user: clara, name: 'Luna', sex: 'female' });
  const rex = await buildDog(t.ctx, { user: other, name: 'Rexi', sex: 'female' });
  const fremd = await buildDog(t.ctx, { user: other, name: 'Fremd' });
  const a = agentAs(t, clara);
  const o = agentAs(t, other);
  await shareDog(t, o, rex.id, clara);

  const post = async (agent: typeof a, path: string, body: object) => (await agent.post(path).send(body).expect(201)).body.id as number;
  const ids = {} as Record<RowName, number>;
  ids.tollwut = await post(a, `/api/dogs/${bello.id}/vaccinations`, {
    vaccine: 'Tollwut',
    date: '2025-12-01',
    next_due: '2026-12-01',
    vet_name: 'Praxis Dr. Hund',
  });
  ids.shppiOld = await post(a, `/api/dogs/${bello.id}/vaccinations`, { vaccine: 'SHPPi', date: '2024-06-01', next_due: '2025-06-01' });
  ids.shppi = await post(a, `/api/dogs/${bello.id}/vaccinations`, { vaccine: 'SHPPi', date: '2025-06-01', next_due: '2026-06-01' });
  ids.rexStaupe = await post(o, `/api/dogs/${rex.id}/vaccinations`, { vaccine: 'Staupe', date: '2026-01-10', next_due: '2027-01-10' });
  // Rexi's heat is her owner's business: the prediction stays out of the caregiver's feed.
  await post(o, `/api/dogs/${rex.id}/heat-cycles`, { start_date: '2026-08-01' });
  ids.rexi = rex.id;
  ids.fremd = await post(o, `/api/dogs/${fremd.id}/vaccinations`, { vaccine: 'Tollwut', date: '2026-01-10', next_due: '2027-01-10' });
  ids.rimadyl = await post(a, `/api/dogs/${bello.id}/medications`, { name: 'Rimadyl', dosage: '50 mg', start_date: '2026-11-20', end_date: '2026-11-30' });
  ids.oldMedication = await post(a, `/api/dogs/${bello.id}/medications`, { name: 'Alt', start_date: '2024-01-01', end_date: '2024-01-10' });
  await post(a, `/api/dogs/${luna.id}/heat-cycles`, { start_date: '2025-12-10' });
  await post(a, `/api/dogs/${luna.id}/heat-cycles`, { start_date: '2026-06-10' });
  ids.zecken = await post(a, `/api/dogs/${bello.id}/care-routines`, { kind: 'tick_flea', intervall_tage: 30, last_done: '2026-11-10', product: 'Spot-on' });
  ids.neverDone = await post(a, `/api/dogs/${bello.id}/care-routines`, { kind: 'claws', intervall_tage: 14 });

  const place = { lat: 52.52, lon: 13.405 };
  // In summer (CEST, UTC+2) and in winter (CET, UTC+1): the VTIMEZONE must carry both.
  ids.playdate = await post(o, '/api/playdates', { ...place, title: 'Hundewiese', starts_at: '2027-06-12T14:00:00Z', place_name: 'Tempelhofer Feld' });
  await a.post(`/api/playdates/${ids.playdate}/participants`).send({ dog_id: bello.id }).expect(200);
  await a.post(`/api/playdates/${ids.playdate}/participants`).send({ dog_id: luna.id }).expect(200);
  ids.ownPlaydate = await post(a, '/api/playdates', { ...place, title: 'Welpentreff', starts_at: '2026-12-05T10:00:00Z' });
  ids.notJoined = await post(o, '/api/playdates', { ...place, title: 'Nicht meins', starts_at: '2026-12-06T10:00:00Z' });
  ids.event = await post(a, '/api/events', {
    ...place,
    title: 'Hundeschwimmen',
    starts_at: '2027-01-15T17:30:00Z',
    ends_at: '2027-01-15T19:30:00Z',
    place_name: 'Hallenbad',
  });
  ids.othersEvent = await post(o, '/api/events', { ...place, title: 'Fremdes Fest', starts_at: '2027-01-16T10:00:00Z' });
  // Friday (weekday 4; 0 = Monday), made on a Wednesday: the series starts two days later.
  ids.slot = await post(a, '/api/walk-slots', { ...place, weekday: 4, start_time: '07:30', end_time: '08:15', place_name: 'Stadtpark', dog_id: bello.id });

  const { url } = (await a.post('/api/me/calendar-feed').expect(200)).body as { url: string };
  return { clara, feedPath: new URL(url).pathname, ids };
}

let w: World;
let text: string;
beforeAll(async () => {
  w = await world();
  text = (await request(t.app).get(w.feedPath).expect(200)).text;
});

const uid = (kind: string, id: number) => `${kind}-${id}@127.0.0.1`;

describe('the calendar feed as ical.js reads it', () => {
  it('is one VCALENDAR with the VTIMEZONE of Europe/Berlin (summer and winter time) and UTC stamps', () => {
    const { calendar, zone } = parse(text);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
    const offsets = zone!.getAllSubcomponents().map((c) => [c.name, c.getFirstPropertyValue('tzoffsetto')!.toString()]);
    expect(offsets).toEqual([
      ['daylight', '+02:00'],
      ['standard', '+01:00'],
    ]);
    // RFC 5545: DTSTAMP is UTC.
    for (const line of text.split('\r\n').filter((l) => l.startsWith('DTSTAMP'))) expect(line).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
  });

  it('lists a vaccination on its due date, not one a later shot replaced, and those of a dog one looks after', () => {
    const { byUid } = parse(text);
    const tollwut = byUid.get(uid('vaccination', w.ids.tollwut))!;
    expect(tollwut.summary).toBe('Bello: Tollwut auffrischen');
    expect(day(tollwut)).toBe('2026-12-01');
    expect(tollwut.description).toContain('Zuletzt geimpft am 01.12.2025 (Praxis Dr. Hund)');
    expect(tollwut.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    expect(day(byUid.get(uid('vaccination', w.ids.shppi))!)).toBe('2026-06-01');
    expect(byUid.has(uid('vaccination', w.ids.shppiOld))).toBe(false);
    expect(byUid.get(uid('vaccination', w.ids.rexStaupe))?.summary).toBe('Rexi: Staupe auffrischen');
    expect(byUid.has(uid('vaccination', w.ids.fremd))).toBe(false);
    expect(text).toContain('DTSTART;VALUE=DATE:20261201\r\n');
  });

  it('lists the last day of a medication (not one that ended over a year ago)', () => {
    const { byUid } = parse(text);
    const rimadyl = byUid.get(uid('medication-end', w.ids.rimadyl))!;
    expect(rimadyl.summary).toBe('Bello: letzter Tag Rimadyl');
    expect(day(rimadyl)).toBe('2026-11-30');
    expect(rimadyl.description).toContain('Rimadyl (50 mg) seit 20.11.2026');
    expect(byUid.has(uid('medication-end', w.ids.oldMedication))).toBe(false);
  });

  it('lists the predicted heat start with the basis of the prediction', async () => {
    const { byUid } = parse(text);
    const luna = await t.ctx.db.selectFrom('dogs').select('id').where('name', '=', 'Luna').where('user_id', '=', w.clara.id).executeTakeFirstOrThrow();
    const heat = byUid.get(uid('heat-prediction', luna.id))!;
    expect(heat.summary).toBe('Luna: Läufigkeit erwartet');
    expect(day(heat)).toBe('2026-12-09');
    expect(heat.description).toContain('aus den letzten 2 Läufigkeiten: im Mittel 182 Tage Abstand, zuletzt ab 10.06.2026');
    expect(heat.description).toContain('Schätzung');
    expect(byUid.has(uid('heat-prediction', w.ids.rexi))).toBe(false);
  });

  it('lists the next due date of a care routine repeating with its interval (RRULE), not one without a due date', () => {
    const { byUid } = parse(text);
    const care = byUid.get(uid('care-routine', w.ids.zecken))!;
    expect(care.summary).toBe('Bello: Zecken- und Flohschutz');
    expect(day(care)).toBe('2026-12-10');
    expect(rruleOf(care)).toMatchObject({ freq: 'DAILY', interval: 30 });
    expect(occurrences(care, 3)).toEqual(['2026-12-10', '2027-01-09', '2027-02-08']);
    expect(care.description).toContain('Alle 30 Tage. Zuletzt erledigt am 10.11.2026. Mittel: Spot-on.');
    expect(byUid.has(uid('care-routine', w.ids.neverDone))).toBe(false);
  });

  it('lists the playdates joined (naming the dogs) and organised, at their Berlin time', () => {
    const { byUid } = parse(text);
    const joined = byUid.get(uid('playdate', w.ids.playdate))!;
    expect(joined.summary).toBe('Spieltreffen mit Bello und Luna: Hundewiese');
    expect(joined.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect(joined.startDate.toString()).toBe('2027-06-12T16:00:00');
    expect(joined.startDate.toJSDate().toISOString()).toBe('2027-06-12T14:00:00.000Z');
    expect(joined.endDate.toJSDate().toISOString()).toBe('2027-06-12T15:00:00.000Z');
    expect(joined.location).toBe('Tempelhofer Feld');
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20270612T160000\r\n');
    const own = byUid.get(uid('playdate', w.ids.ownPlaydate))!;
    expect(own.summary).toBe('Spieltreffen: Welpentreff');
    expect(own.description).toContain('Du hast dieses Treffen angelegt.');
    expect(byUid.has(uid('playdate', w.ids.notJoined))).toBe(false);
  });

  it('lists the user’s own events with their end, not others’', () => {
    const { byUid } = parse(text);
    const event = byUid.get(uid('event', w.ids.event))!;
    expect(event.summary).toBe('Veranstaltung: Hundeschwimmen');
    expect(event.startDate.toString()).toBe('2027-01-15T18:30:00');
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-01-15T17:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-01-15T19:30:00.000Z');
    expect(event.location).toBe('Hallenbad');
    expect(byUid.has(uid('event', w.ids.othersEvent))).toBe(false);
  });

  it('lists a walk slot weekly from its first weekday, at its Berlin time', () => {
    const { byUid } = parse(text);
    const slot = byUid.get(uid('walk-slot', w.ids.slot))!;
    expect(slot.summary).toBe('Gassizeit mit Bello');
    expect(rruleOf(slot)?.freq).toBe('WEEKLY');
    expect(slot.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect(occurrences(slot, 2)).toEqual(['2026-11-27T07:30:00', '2026-12-04T07:30:00']);
    expect(slot.endDate.toString()).toBe('2026-11-27T08:15:00');
    expect(slot.location).toBe('Stadtpark');
  });

  it('links every entry to its screen in the app', () => {
    const { byUid } = parse(text);
    expect(byUid.get(uid('event', w.ids.event))!.component.getFirstPropertyValue('url')).toBe(`http://127.0.0.1/app/veranstaltungen/${w.ids.event}`);
    expect(byUid.get(uid('walk-slot', w.ids.slot))!.description).toContain(`http://127.0.0.1/app/gassizeiten/${w.ids.slot}`);
  });

  it('keeps every UID from fetch to fetch, after a change and under another address; nothing random in them', async () => {
    const again = (await request(t.app).get(w.feedPath).expect(200)).text;
    expect(again).toBe(text);
    const uids = parse(text).events.map((e) => e.uid);
    expect(uids.every((u) => /^[a-z-]+-\d+@127\.0\.0\.1$/.test(u))).toBe(true);
    expect(new Set(uids).size).toBe(uids.length);
    const a = agentAs(t, w.clara);
    const bello = await t.ctx.db.selectFrom('dogs').select('id').where('name', '=', 'Bello').where('user_id', '=', w.clara.id).executeTakeFirstOrThrow();
    await a.post(`/api/dogs/${bello.id}/vaccinations`).send({ vaccine: 'Leptospirose', date: '2026-11-01', next_due: '2027-11-01' }).expect(201);
    const { url } = (await a.post('/api/me/calendar-feed/rotate').expect(200)).body as { url: string };
    const later = parse((await request(t.app).get(new URL(url).pathname).expect(200)).text).events.map((e) => e.uid);
    expect(later).toEqual(expect.arrayContaining(uids));
    expect(later).toHaveLength(uids.length + 1);
    w.feedPath = new URL(url).pathname;
    text = (await request(t.app).get(w.feedPath).expect(200)).text;
  });

  it('writes the same text whatever time zone the server process runs in', async () => {
    // The process's time zone, as the operator's environment would set it (vi.stubEnv; unstubbed after the test).
    try {
      vi.stubEnv('TZ', 'Pacific/Kiritimati');
      const far = (await request(t.app).get(w.feedPath).expect(200)).text;
      vi.stubEnv('TZ', 'America/Los_Angeles');
      const west = (await request(t.app).get(w.feedPath).expect(200)).text;
      expect(far).toBe(text);
      expect(west).toBe(text);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('goes out compressed to a calendar app that accepts it', async () => {
    const res = await request(t.app).get(w.feedPath).set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(text);
  });

  it('is an empty but valid calendar for a user without dates', async () => {
    const { url } = (
      await agentAs(t, await buildUser(t.ctx))
        .post('/api/me/calendar-feed')
        .expect(200)
    ).body as { url: string };
    const { calendar, events } = parse((await request(t.app).get(new URL(url).pathname).expect(200)).text);
    expect(calendar.name).toBe('vcalendar');
    expect(events).toEqual([]);
  });
});

describe('firstWeekdayFrom', () => {
  it('finds the first Monday-based weekday on or after a day', () => {
    // 2026-11-25 is a Wednesday (2).
    expect(firstWeekdayFrom('2026-11-25', 2)).toBe('2026-11-25');
    expect(firstWeekdayFrom('2026-11-25', 4)).toBe('2026-11-27');
    expect(firstWeekdayFrom('2026-11-25', 0)).toBe('2026-11-30');
    expect(firstWeekdayFrom('2026-11-25', 6)).toBe('2026-11-29');
  });
});
