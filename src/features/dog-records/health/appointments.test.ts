import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { binaryBody, pdfText } from '../../../../test/helpers/binary.js';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { healthRemindersJob, vetAppointmentEveJob } from './health.jobs.js';

/** Vet appointments (issue 32, decisions: appointments): planned visits, their reminders, the next one, the PDF. */

const MORNING = '2026-05-01T06:00:00Z'; // 08:00 in Berlin
const clock = fixedClock(MORNING);
const t = useTestApp({ clock });

const visitsUrl = (dogId: number) => `/api/dogs/${dogId}/vet-visits`;

async function ownerWithDog(name = 'Luna') {
  const owner = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user: owner, name });
  return { owner, dog, a: agentAs(t, owner) };
}

const appointmentInbox = (userId: number) =>
  t.ctx.db
    .selectFrom('notifications')
    .select(['title', 'body', 'url'])
    .where('user_id', '=', userId)
    .where('type', '=', 'vet_appointment')
    .orderBy('id')
    .execute();

describe('planned vet visits', () => {
  it('may lie in the future only while planned; a done visit ahead is refused with a German message', async () => {
    const { dog, a } = await ownerWithDog();
    const planned = await a.post(visitsUrl(dog.id)).send({ status: 'planned', date: '2026-06-15', reason: 'Impfung' }).expect(201);
    expect(planned.body).toMatchObject({ status: 'planned', date: '2026-06-15', planned_date: '2026-06-15', reason: 'Impfung', diagnosis: null });

    const done = await a.post(visitsUrl(dog.id)).send({ status: 'done', date: '2026-06-15', reason: 'Zu früh' }).expect(400);
    expect(done.body.error.fields.date).toMatch(/Zukunft/);
    // Without a status a visit took place (as before appointments existed): ahead is refused too.
    await a.post(visitsUrl(dog.id)).send({ date: '2026-05-02', reason: 'Morgen' }).expect(400);
    const past = await a.post(visitsUrl(dog.id)).send({ date: '2026-05-01', reason: 'Heute' }).expect(201);
    expect(past.body).toMatchObject({ status: 'done', planned_date: null });
    await a.post(visitsUrl(dog.id)).send({ status: 'later', date: '2026-06-15', reason: 'x' }).expect(400);
    await a.patch(`/api/vet-visits/${planned.body.id}`).send({ status: null }).expect(400);

    // Nothing lost on a refused request: the list holds the two stored visits only, the appointment first.
    const list = await a.get(visitsUrl(dog.id)).expect(200);
    expect(list.body.items.map((v: { reason: string }) => v.reason)).toEqual(['Impfung', 'Heute']);
  });

  it('marking it done keeps the same record with the planned day beside the day it took place', async () => {
    const { dog, a } = await ownerWithDog();
    const { body: visit } = await a
      .post(visitsUrl(dog.id))
      .send({ status: 'planned', date: '2026-05-03', reason: 'Zahnkontrolle', notes: 'Nüchtern' })
      .expect(201);
    // Moving the appointment moves its planned day.
    const moved = await a.patch(`/api/vet-visits/${visit.id}`).send({ date: '2026-05-04' }).expect(200);
    expect(moved.body).toMatchObject({ status: 'planned', date: '2026-05-04', planned_date: '2026-05-04' });
    // Done, but still ahead of today: refused, the appointment stays as it was.
    await a.patch(`/api/vet-visits/${visit.id}`).send({ status: 'done' }).expect(400);
    expect((await a.get(`/api/vet-visits/${visit.id}`).expect(200)).body.status).toBe('planned');

    clock.set('2026-05-05T10:00:00Z'); // a day late: the visit took place on the 5th
    const done = await a
      .patch(`/api/vet-visits/${visit.id}`)
      .send({ status: 'done', date: '2026-05-05', diagnosis: 'Zahnstein', treatment: 'Zahnreinigung', cost_cents: 12000 })
      .expect(200);
    clock.set(MORNING);
    expect(done.body).toMatchObject({
      id: visit.id,
      status: 'done',
      date: '2026-05-05',
      planned_date: '2026-05-04',
      reason: 'Zahnkontrolle',
      notes: 'Nüchtern',
      diagnosis: 'Zahnstein',
      treatment: 'Zahnreinigung',
      cost_cents: 12000,
      created_at: visit.created_at,
    });
    // One record, not two: the history is on the row.
    const list = await a.get(visitsUrl(dog.id)).expect(200);
    expect(list.body.items).toHaveLength(1);
    // A later correction of the done visit leaves the planned day alone.
    const corrected = await a.patch(`/api/vet-visits/${visit.id}`).send({ date: '2026-04-30' }).expect(200);
    expect(corrected.body).toMatchObject({ date: '2026-04-30', planned_date: '2026-05-04' });
  });

  it('answers 401 without a session, 403 for another user’s dog or visit and to a caregiver, 404 for a missing one', async () => {
    const { dog, a } = await ownerWithDog();
    const stranger = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx);
    await shareDog(t, a, dog.id, friend);
    const { body: visit } = await a.post(visitsUrl(dog.id)).send({ status: 'planned', date: '2026-06-01', reason: 'Check-up' }).expect(201);
    const body = { status: 'planned', date: '2026-06-02', reason: 'x' };

    await request(t.app).post(visitsUrl(dog.id)).send(body).expect(401);
    await request(t.app).patch(`/api/vet-visits/${visit.id}`).send({ status: 'done' }).expect(401);
    await agentAs(t, stranger).post(visitsUrl(dog.id)).send(body).expect(403);
    await agentAs(t, stranger).patch(`/api/vet-visits/${visit.id}`).send({ status: 'done', date: '2026-05-01' }).expect(403);
    await agentAs(t, friend).patch(`/api/vet-visits/${visit.id}`).send({ status: 'done', date: '2026-05-01' }).expect(403); // owner only
    await agentAs(t, friend).get(`/api/vet-visits/${visit.id}`).expect(200); // but a caregiver sees it
    await a.post(visitsUrl(999_999)).send(body).expect(404);
    await a.patch('/api/vet-visits/999999').send({ status: 'done' }).expect(404);
    expect((await a.get(`/api/vet-visits/${visit.id}`).expect(200)).body.status).toBe('planned');
  });
});

describe('appointment reminders (18:00 the evening before, 08:00 on the day)', () => {
  it('reminds owner and caregivers once each, not for done visits or other days, and again for a moved appointment', async () => {
    const { owner, dog, a } = await ownerWithDog('Kira');
    const friend = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    await shareDog(t, a, dog.id, friend);
    const { body: visit } = await a.post(visitsUrl(dog.id)).send({ status: 'planned', date: '2026-05-02', reason: 'Impfung Tollwut' }).expect(201);
    await a.post(visitsUrl(dog.id)).send({ status: 'planned', date: '2026-05-03', reason: 'Anderer Tag' }).expect(201);
    await a.post(visitsUrl(dog.id)).send({ status: 'done', date: '2026-05-01', reason: 'Schon erledigt' }).expect(201);

    clock.set('2026-05-01T16:00:00Z'); // 18:00 in Berlin, the evening before
    expect(await vetAppointmentEveJob.run(t.ctx)).toBe(2);
    expect(await vetAppointmentEveJob.run(t.ctx)).toBe(0); // rerun: nothing twice
    expect(await appointmentInbox(owner.id)).toEqual([
      { title: 'Kira: morgen Tierarzttermin', body: 'Morgen, am 02.05.2026: Impfung Tollwut.', url: `/app/hunde/${dog.id}/gesundheit` },
    ]);
    expect(await appointmentInbox(friend.id)).toHaveLength(1);
    expect(await appointmentInbox(stranger.id)).toEqual([]);

    clock.set('2026-05-02T06:00:00Z'); // 08:00 on the day
    expect(await healthRemindersJob.run(t.ctx)).toBe(2);
    expect(await healthRemindersJob.run(t.ctx)).toBe(0);
    expect((await appointmentInbox(owner.id)).map((n) => n.title)).toEqual(['Kira: morgen Tierarzttermin', 'Kira: heute Tierarzttermin 🩺']);

    // The other one is done before its day (the 3rd): no reminder the evening before.
    const other = (await a.get(visitsUrl(dog.id)).expect(200)).body.items.find((v: { reason: string }) => v.reason === 'Anderer Tag');
    clock.set('2026-05-02T10:00:00Z');
    await a.patch(`/api/vet-visits/${other.id}`).send({ status: 'done', date: '2026-05-02' }).expect(200);
    clock.set('2026-05-02T16:00:00Z');
    expect(await vetAppointmentEveJob.run(t.ctx)).toBe(0);

    // Moved to the 5th: the reminders come again for the new day.
    await a.patch(`/api/vet-visits/${visit.id}`).send({ date: '2026-05-05' }).expect(200);
    clock.set('2026-05-04T16:00:00Z');
    expect(await vetAppointmentEveJob.run(t.ctx)).toBe(2);
    clock.set('2026-05-05T06:00:00Z');
    expect(await healthRemindersJob.run(t.ctx)).toBe(2);
    expect(await appointmentInbox(owner.id)).toHaveLength(4);
    clock.set(MORNING);
  });

  it('runs at 18:00 in the app’s time zone', () => {
    expect(vetAppointmentEveJob.schedule).toBe('0 18 * * *');
    expect(healthRemindersJob.schedule).toBe('0 8 * * *');
  });
});

describe('"Nächster Termin" on the welcome dashboard', () => {
  it('shows each dog’s next planned visit within 30 days to owner and caregiver; done, past and far ones not', async () => {
    const { dog, a } = await ownerWithDog('Nala');
    const friend = await buildUser(t.ctx);
    const other = await ownerWithDog('Fremd');
    await a.post(visitsUrl(dog.id)).send({ status: 'planned', date: '2026-05-12', reason: 'Impfung' }).expect(201);
    await a.post(visitsUrl(dog.id)).send({ status: 'planned', date: '2026-05-20', reason: 'Danach' }).expect(201); // not the next one
    await a.post(visitsUrl(dog.id)).send({ status: 'planned', date: '2026-04-20', reason: 'Verpasst' }).expect(201); // past
    await a.post(visitsUrl(dog.id)).send({ date: '2026-04-28', reason: 'Erledigt' }).expect(201);
    await other.a.post(visitsUrl(other.dog.id)).send({ status: 'planned', date: '2026-05-05', reason: 'Fremder Termin' }).expect(201);
    const far = await ownerWithDog('Fern');
    await far.a.post(visitsUrl(far.dog.id)).send({ status: 'planned', date: '2026-06-15', reason: 'Zu weit' }).expect(201);

    const card = {
      area: 'health',
      title: 'Nala: Nächster Termin – Impfung',
      due_date: '2026-05-12',
      dog_id: dog.id,
      url: `/app/hunde/${dog.id}/gesundheit`,
      overdue: false,
    };
    const health = async (agent: ReturnType<typeof agentAs>) =>
      (await agent.get('/api/welcome-dashboard').expect(200)).body.due_soon.filter((i: { area: string }) => i.area === 'health');
    expect(await health(a)).toEqual([card]);
    expect(await health(agentAs(t, friend))).toEqual([]);
    await shareDog(t, a, dog.id, friend);
    expect(await health(agentAs(t, friend))).toEqual([card]);
    expect(await health(far.a)).toEqual([]);
  });
});

describe('the health-record PDF', () => {
  it('lists planned visits as such, apart from the visits that took place (with their planned day)', async () => {
    const { dog, a } = await ownerWithDog('Bruno');
    await a.post(visitsUrl(dog.id)).send({ status: 'planned', date: '2026-06-15', reason: 'Herzultraschall', notes: 'Befunde mitbringen' }).expect(201);
    const { body: late } = await a.post(visitsUrl(dog.id)).send({ status: 'planned', date: '2026-04-10', reason: 'Nachkontrolle' }).expect(201);
    await a.patch(`/api/vet-visits/${late.id}`).send({ status: 'done', date: '2026-04-12', diagnosis: 'Gut verheilt' }).expect(200);

    const res = await a.get(`/api/dogs/${dog.id}/health-record.pdf`).buffer(true).parse(binaryBody).expect(200);
    const text = (await pdfText(res.body as Buffer)).replace(/\s+/g, ' ');
    const planned = text.indexOf('Geplante Tierarzttermine');
    const done = text.indexOf('Tierarztbesuche');
    expect(planned).toBeGreaterThan(-1);
    expect(done).toBeGreaterThan(planned);
    const plannedPart = text.slice(planned, done);
    expect(plannedPart).toContain('15.06.2026');
    expect(plannedPart).toContain('Herzultraschall');
    expect(plannedPart).toContain('Befunde mitbringen');
    expect(plannedPart).not.toContain('Nachkontrolle');
    const donePart = text.slice(done);
    expect(donePart).toContain('Nachkontrolle (geplant für 10.04.2026)');
    expect(donePart).toContain('Gut verheilt');
    expect(donePart).not.toContain('Herzultraschall');
  });

  it('says so when nothing is planned', async () => {
    const { dog, a } = await ownerWithDog('Leer');
    const res = await a.get(`/api/dogs/${dog.id}/health-record.pdf`).buffer(true).parse(binaryBody).expect(200);
    expect(await pdfText(res.body as Buffer)).toMatch(/Geplante Tierarzttermine\s+Keine geplant\./);
  });
});
