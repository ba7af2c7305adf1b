import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { dutyRemindersJob } from './duties.jobs.js';

const MAY = '2027-05-10T08:10:00Z';
const clock = fixedClock(MAY);
const t = useTestApp({ clock });
beforeEach(() => clock.set(MAY));

async function ownerIn(region: string | null, country = 'DE') {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user, name: 'Frieda' });
  const agent = agentAs(t, user);
  if (region) await agent.put('/api/me/place').send({ country, region }).expect(200);
  return { user, dog, agent };
}

const item = (body: { items: { code: string }[] }, code: string) => body.items.find((i) => i.code === code) as Record<string, unknown>;
const dutyNotes = (userId: number) =>
  t.ctx.db.selectFrom('notifications').select(['title', 'url']).where('user_id', '=', userId).where('type', '=', 'duty').orderBy('id').execute();

describe('GET /api/dogs/:dogId/duties', () => {
  it('answers 401 without a session, 404 for a missing dog, 403 for another user’s dog', async () => {
    const { dog } = await ownerIn('DE-NI');
    const stranger = agentAs(t, await buildUser(t.ctx));
    await request(t.app).get(`/api/dogs/${dog.id}/duties`).expect(401);
    await request(t.app).put(`/api/dogs/${dog.id}/duties/registry`).send({ provider: 'TASSO' }).expect(401);
    await stranger.get('/api/dogs/999999/duties').expect(404);
    await stranger.get(`/api/dogs/${dog.id}/duties`).expect(403);
    await stranger.put(`/api/dogs/${dog.id}/duties/registry`).send({ provider: 'TASSO' }).expect(403);
    await stranger.put('/api/dogs/999999/duties/registry').send({ provider: 'TASSO' }).expect(404);
  });

  it('lists what applies in Lower Saxony with source and Stand, and what the owner recorded', async () => {
    const { dog, agent } = await ownerIn('DE-NI');
    const before = (await agent.get(`/api/dogs/${dog.id}/duties`).expect(200)).body;
    expect(before).toMatchObject({ region: 'DE-NI', region_name: 'Niedersachsen', currency: 'EUR', can_edit: true });
    expect(before.disclaimer).toMatch(/Keine Rechtsberatung/);
    expect(before.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(before.items.map((i: { code: string }) => i.code)).toEqual([
      'liability_insurance',
      'competence_certificate',
      'registry',
      'dog_tax',
      'listed_breeds',
      'leash_season',
    ]);
    expect(item(before, 'liability_insurance')).toMatchObject({ required: 'yes', status: 'todo', record: null, recordable: true });
    expect(item(before, 'liability_insurance').source_url).toMatch(/^https?:\/\//);
    const saved = (
      await agent
        .put(`/api/dogs/${dog.id}/duties/liability_insurance`)
        .send({ provider: 'Muster Versicherung', number: 'HV-123', renews_on: '2027-05-20' })
        .expect(200)
    ).body;
    expect(saved).toMatchObject({ status: 'done', record: { provider: 'Muster Versicherung', number: 'HV-123', renews_on: '2027-05-20', due_on: null } });
    const registry = (await agent.put(`/api/dogs/${dog.id}/duties/registry`).send({ provider: 'Hunderegister Niedersachsen', number: '276098' }).expect(200))
      .body;
    expect(registry.registry).toMatchObject({ hotline: '0441 39010400' });
    await agent.delete(`/api/dogs/${dog.id}/duties/registry`).expect(204);
    await agent.delete(`/api/dogs/${dog.id}/duties/registry`).expect(404);
  });

  it('says "unknown" without a region, still lets the owner record, and refuses odd input', async () => {
    const { dog, agent } = await ownerIn(null);
    const body = (await agent.get(`/api/dogs/${dog.id}/duties`).expect(200)).body;
    expect(body.region).toBeNull();
    expect(item(body, 'registry')).toMatchObject({ required: 'unknown', status: 'unknown', source_url: null });
    await agent.put(`/api/dogs/${dog.id}/duties/leash_season`).send({ notes: 'x' }).expect(400);
    await agent.put(`/api/dogs/${dog.id}/duties/dog_tax`).send({ amount_cents: 'viel' }).expect(400);
    await agent.put(`/api/dogs/${dog.id}/duties/dog_tax`).send({ extra: 1 }).expect(400);
    await agent
      .put(`/api/dogs/${dog.id}/duties/dog_tax`)
      .send({ provider: 'x'.repeat(201) })
      .expect(422);
    await agent.put(`/api/dogs/${dog.id}/duties/dog_tax`).send({ amount_cents: 9000, due_on: '2027-07-01' }).expect(200);
  });

  it('lets a caregiver read the owner’s region and records, never write', async () => {
    const { dog, agent } = await ownerIn('AT-9', 'AT');
    await agent.put(`/api/dogs/${dog.id}/duties/registry`).send({ provider: 'Heimtierdatenbank', number: '040000000000001' }).expect(200);
    const caregiver = await buildUser(t.ctx);
    await shareDog(t, agent, dog.id, caregiver);
    const seen = (await agentAs(t, caregiver).get(`/api/dogs/${dog.id}/duties`).expect(200)).body;
    expect(seen).toMatchObject({ region: 'AT-9', can_edit: false });
    expect(item(seen, 'registry')).toMatchObject({ required: 'yes', status: 'done', record: { provider: 'Heimtierdatenbank' } });
    await agentAs(t, caregiver).put(`/api/dogs/${dog.id}/duties/registry`).send({ provider: 'TASSO' }).expect(403);
    await agentAs(t, caregiver).delete(`/api/dogs/${dog.id}/duties/registry`).expect(403);
  });
});

describe('duty reminders (job duties.reminders, fixed clock)', () => {
  it('reminds once 14 days ahead of a due or renewal date, not earlier, never twice', async () => {
    const { user, dog, agent } = await ownerIn('DE-NI');
    await agent.put(`/api/dogs/${dog.id}/duties/dog_tax`).send({ amount_cents: 12000, due_on: '2027-05-24' }).expect(200);
    await agent.put(`/api/dogs/${dog.id}/duties/liability_insurance`).send({ provider: 'Muster', renews_on: '2027-06-30' }).expect(200);
    await dutyRemindersJob.run(t.ctx);
    await dutyRemindersJob.run(t.ctx);
    expect(await dutyNotes(user.id)).toEqual([{ title: 'Frieda: Hundesteuer fällig am 24.05.2027', url: `/app/hunde/${dog.id}/pflichten` }]);
    clock.set('2027-06-16T08:10:00Z');
    await dutyRemindersJob.run(t.ctx);
    expect((await dutyNotes(user.id)).map((n) => n.title)).toEqual([
      'Frieda: Hundesteuer fällig am 24.05.2027',
      'Frieda: Hundehaftpflicht verlängert sich am 30.06.2027',
    ]);
  });

  it('asks once a year in September whether chip and registration are up to date', async () => {
    const { user, dog, agent } = await ownerIn('CH-ZH', 'CH');
    await agent.put(`/api/dogs/${dog.id}/duties/registry`).send({ provider: 'AMICUS', number: '756000000000001' }).expect(200);
    await dutyRemindersJob.run(t.ctx);
    expect(await dutyNotes(user.id)).toEqual([]);
    clock.set('2027-09-01T08:10:00Z');
    await dutyRemindersJob.run(t.ctx);
    clock.set('2027-09-02T08:10:00Z');
    await dutyRemindersJob.run(t.ctx);
    expect((await dutyNotes(user.id)).map((n) => n.title)).toEqual(['Frieda: Sind Chip und Registrierung noch aktuell?']);
    clock.set('2028-09-01T08:10:00Z');
    await dutyRemindersJob.run(t.ctx);
    expect(await dutyNotes(user.id)).toHaveLength(2);
  });
});
