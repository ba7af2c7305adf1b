import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { usePushTestApp } from '../../../../test/helpers/push.js';
import { fixedClock } from '#core/clock.js';
import { archivePoisonWarningsJob } from './poison.jobs.js';
import { safetyMailSendJob } from './safety-mail.jobs.js';

// 12:00 in Berlin (summer time): no quiet hours for the pushes.
const clock = fixedClock('2026-06-01T10:00:00Z');
const { t, fake, subscribe } = usePushTestApp({ clock });

const ALEX = { lat: 52.5219, lon: 13.4132 };
const KM3 = { lat: 52.549, lon: 13.4132 }; // ~3 km north

/** The hazard kinds of wave 4 with their German labels (decisions, "Walk weather and hazards"). */
const KINDS = [
  ['blue_green_algae', 'Blaualgen'],
  ['processionary_moth', 'Eichenprozessionsspinner'],
  ['rat_poison', 'Rattengift oder Schneckenkorn'],
  ['broken_glass', 'Scherben'],
] as const;

describe('the hazard kinds of wave 4', () => {
  it.each(KINDS)('%s: created, listed, pushed to a neighbour, mailed to one without push, archived after 14 quiet days', async (kind, label) => {
    clock.set('2026-06-01T10:00:00Z');
    const reporter = await buildUser(t.ctx, ALEX);
    const pushed = await buildUser(t.ctx, KM3);
    const device = await subscribe(pushed);
    const mailed = await buildUser(t.ctx, { ...KM3, name: 'Mia' });
    fake.reset();
    t.mail.sent.length = 0;

    const made = await agentAs(t, reporter)
      .post('/api/poison-warnings')
      .send({ ...ALEX, kind, description: `${label} am Teich` })
      .expect(201);
    expect(made.body).toMatchObject({ kind, status: 'unconfirmed' });

    const list = await agentAs(t, pushed).get(`/api/poison-warnings?lat=${ALEX.lat}&lon=${ALEX.lon}&radius_km=5&limit=50`).expect(200);
    expect(list.body.items.find((i: { id: number }) => i.id === made.body.id)).toMatchObject({ kind });

    await t.ctx.push.settled();
    const pushes = fake.receivedBy(device).filter((p) => p.payload.url === `/app/giftkoeder/${made.body.id}`);
    expect(pushes.map((p) => p.payload.title)).toEqual([`⚠️ ${label} in deiner Nähe`]);

    await safetyMailSendJob.run(t.ctx);
    await t.ctx.background.settled(); // the outbox sends each mail right after queueing it, beside the job
    const mail = t.mail.sent.find((m) => String(m.to).includes(mailed.email));
    expect(mail?.subject).toBe(`⚠️ ${label} in deiner Nähe (3 km)`);
    expect(t.mail.sent.some((m) => String(m.to).includes(pushed.email))).toBe(false);

    clock.set('2026-06-15T10:00:01Z');
    expect(await archivePoisonWarningsJob.run(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await agentAs(t, pushed).get(`/api/poison-warnings/${made.body.id}`).expect(200)).body.status).toBe('archived');
  });

  it('refuses an unknown kind with 400; the old kinds stay as they were', async () => {
    const u = await buildUser(t.ctx, ALEX);
    await agentAs(t, u)
      .post('/api/poison-warnings')
      .send({ ...ALEX, kind: 'lava', description: 'heiß' })
      .expect(400);
    for (const kind of ['poison', 'sharp_objects', 'other'])
      expect(
        (
          await agentAs(t, u)
            .post('/api/poison-warnings')
            .send({ ...ALEX, kind, description: 'alt' })
            .expect(201)
        ).body.kind,
      ).toBe(kind);
  });
});
