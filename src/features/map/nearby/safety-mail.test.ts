import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildModerator, buildUser, type BuiltUser } from '../../../../test/helpers/factories.js';
import { useSmtpTestApp } from '../../../../test/helpers/smtp.js';
import { fixedClock, MINUTE } from '#core/clock.js';
import { safetyMailEveningJob, safetyMailSendJob } from './safety-mail.jobs.js';
import { sendQueuedSafetyMails } from './safety-mail.service.js';

// 14:00 in Berlin (summer time): an afternoon.
const clock = fixedClock('2026-06-01T12:00:00Z');
const { t, smtp, mailTo } = useSmtpTestApp({ clock });

const ALEX = { lat: 52.5219, lon: 13.4132 };
const KM2 = { lat: 52.5399, lon: 13.4132 }; // ~2 km north
const KM30 = { lat: 52.7919, lon: 13.4132 }; // ~30 km north
const poison = (description = 'Wurststücke mit Nägeln am Spielplatz') => ({ ...ALEX, kind: 'poison', description });

async function withPush(user: BuiltUser) {
  await t.ctx.db
    .insertInto('push_subscriptions')
    .values({
      user_id: user.id,
      endpoint: `https://push.example/${user.id}`,
      p256dh: 'x',
      auth: 'y',
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    })
    .execute();
}

const mailsTo = (user: BuiltUser) => smtp.received.filter((m) => m.to.includes(user.email));

describe('safety alerts by mail', () => {
  it('reaches a home area 2 km away without push, not 30 km away, not the reporter, not push users (auto), muted or switched off', async () => {
    const reporter = await buildUser(t.ctx, ALEX);
    const near = await buildUser(t.ctx, { ...KM2, name: 'Nora' });
    const far = await buildUser(t.ctx, KM30);
    const pushed = await buildUser(t.ctx, KM2);
    await withPush(pushed);
    const both = await buildUser(t.ctx, KM2);
    await withPush(both);
    await agentAs(t, both).patch('/api/me/notification-settings').send({ safety_mail: 'on' }).expect(200);
    const muted = await buildUser(t.ctx, KM2);
    await agentAs(t, muted).patch('/api/me/notification-settings').send({ poison_nearby: false }).expect(200);
    const off = await buildUser(t.ctx, KM2);
    await agentAs(t, off).patch('/api/me/notification-settings').send({ safety_mail: 'off' }).expect(200);
    const noHome = await buildUser(t.ctx);

    const id = (await agentAs(t, reporter).post('/api/poison-warnings').send(poison()).expect(201)).body.id as number;
    // Nothing is sent inside the request that creates the warning.
    expect(smtp.received).toHaveLength(0);
    expect(await safetyMailSendJob.run(t.ctx)).toBe(2);

    const mail = await mailTo(near.email, /Giftköder/);
    expect(mail.subject).toBe('⚠️ Giftköder in deiner Nähe (2 km)');
    expect(mail.text).toContain('Hallo Nora,');
    expect(mail.text).toContain('etwa 2 km entfernt, am 01.06. um 14:00 Uhr');
    expect(mail.text).toContain(`/app/giftkoeder/${id}`);
    expect(mail.text).toContain('Ort ungefähr: 52.522, 13.413');
    expect(mail.headers['list-unsubscribe']).toMatch(new RegExp(`^<http://[^>]+/api/safety-mail/unsubscribe\\?u=${near.id}&t=[\\w-]+>$`));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await mailTo(both.email, /Giftköder/);

    // A second run (another instance, a retry) sends nothing again.
    expect(await safetyMailSendJob.run(t.ctx)).toBe(0);
    for (const user of [reporter, far, pushed, muted, off, noHome]) expect(mailsTo(user), user.email).toHaveLength(0);
    expect(mailsTo(near)).toHaveLength(1);
  });

  it('lost dogs too, with the name; two senders at once still send one mail per person and warning', async () => {
    const reporter = await buildUser(t.ctx, ALEX);
    const near = await buildUser(t.ctx, KM2);
    await agentAs(t, reporter)
      .post('/api/lost-dogs')
      .send({ ...ALEX, name: 'Bello', description: 'Schwarzer Labrador, rotes Halsband', last_seen_at: clock.now().toISOString() })
      .expect(201);
    await safetyMailSendJob.run(t.ctx).then(() => undefined);
    await Promise.all([sendQueuedSafetyMails(t.ctx), sendQueuedSafetyMails(t.ctx)]);
    const mail = await mailTo(near.email, /Bello/);
    expect(mail.subject).toBe('🐕 Hund vermisst: Bello (2 km entfernt)');
    expect(mailsTo(near).filter((m) => m.text.includes('Bello'))).toHaveLength(1);
  });

  it('five warnings in one afternoon: three mails at once, the other two in one evening mail at 19:00', async () => {
    // Munich: away from the people the tests above placed in Berlin.
    const MARIENPLATZ = { lat: 48.1374, lon: 11.5755 };
    const near = await buildUser(t.ctx, { lat: 48.1554, lon: 11.5755 });
    for (let i = 1; i <= 5; i++) {
      const reporter = await buildUser(t.ctx); // no home area: reporters get no mails here
      await agentAs(t, reporter)
        .post('/api/poison-warnings')
        .send({ ...poison(`Köder Nummer ${i}`), ...MARIENPLATZ })
        .expect(201);
      clock.advance(10 * MINUTE);
      await safetyMailSendJob.run(t.ctx);
    }
    await mailTo(near.email, /Köder Nummer 3/);
    expect(mailsTo(near)).toHaveLength(3);
    expect(await safetyMailEveningJob.run(t.ctx)).toBe(1);
    const evening = await mailTo(near.email, /Hier sind die übrigen/);
    expect(evening.subject).toBe('Heute noch 2 Warnungen in deiner Nähe');
    expect(evening.text).toContain('Köder Nummer 4');
    expect(evening.text).toContain('Köder Nummer 5');
    expect(evening.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Held rows went out once.
    expect(await safetyMailEveningJob.run(t.ctx)).toBe(0);
    expect(mailsTo(near)).toHaveLength(4);
  });

  it('one click unsubscribes without a session (RFC 8058), again and again; a wrong link is 403; the link shows a page', async () => {
    const user = await buildUser(t.ctx, KM2);
    const reporter = await buildUser(t.ctx, ALEX);
    await agentAs(t, reporter).post('/api/poison-warnings').send(poison()).expect(201);
    await safetyMailSendJob.run(t.ctx);
    const mail = await mailTo(user.email, /Giftköder/);
    const url = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!);
    const path = `${url.pathname}${url.search}`;

    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('Warnungen per Mail abbestellen?');
    for (let i = 0; i < 2; i++)
      await request(t.app).post(path).set('Content-Type', 'application/x-www-form-urlencoded').send('List-Unsubscribe=One-Click').expect(200);
    const settings = (await agentAs(t, user).get('/api/me/notification-settings').expect(200)).body;
    expect(settings).toMatchObject({ safety_mail: 'off', safety_mail_active: false });
    const person = await request(t.app).post(path).set('Accept', 'text/html').set('Content-Type', 'application/x-www-form-urlencoded').send('').expect(200);
    expect(person.text).toContain('Abbestellt');

    const wrong = path.replace(/t=[\w-]+/, 't=AAAA');
    expect((await request(t.app).post(wrong).set('Content-Type', 'application/x-www-form-urlencoded').send('').expect(403)).body.error.code).toBe(
      'token_invalid',
    );
    await request(t.app)
      .post(path.replace(`u=${user.id}`, `u=${reporter.id}`))
      .expect(403);
  });

  it('settings: automatic while there is a home area and no push; the read-only fields cannot be written', async () => {
    const user = await buildUser(t.ctx, KM2);
    const a = agentAs(t, user);
    expect((await a.get('/api/me/notification-settings').expect(200)).body).toMatchObject({
      safety_mail: 'auto',
      safety_mail_active: true,
      home_area: true,
      push_devices: 0,
    });
    await withPush(user);
    expect((await a.get('/api/me/notification-settings').expect(200)).body).toMatchObject({ safety_mail_active: false, push_devices: 1 });
    expect((await a.patch('/api/me/notification-settings').send({ safety_mail: 'on' }).expect(200)).body.safety_mail_active).toBe(true);
    await a.patch('/api/me/notification-settings').send({ safety_mail_active: false }).expect(400);
    await a.patch('/api/me/notification-settings').send({ safety_mail: 'sometimes' }).expect(400);
    const homeless = await buildUser(t.ctx);
    expect((await agentAs(t, homeless).get('/api/me/notification-settings').expect(200)).body).toMatchObject({ safety_mail_active: false, home_area: false });
  });

  it('the reporter learns about how many are warned (push or mail, rounded); others 403, staff see it, missing 404', async () => {
    const reporter = await buildUser(t.ctx, ALEX);
    const a = agentAs(t, reporter);
    const first = (await a.post('/api/poison-warnings').send(poison()).expect(201)).body.id as number;
    // Earlier tests left people with a home area around; the count is of whoever is in range now.
    const before = (await a.get(`/api/poison-warnings/${first}/reach`).expect(200)).body as { about: number; at_most: boolean };
    expect(before.about % 10).toBe(0);

    const lonely = await buildUser(t.ctx, { lat: 47.0, lon: 11.0 });
    const lonelyWarning = (
      await agentAs(t, lonely)
        .post('/api/poison-warnings')
        .send({ ...poison(), lat: 47.0, lon: 11.0 })
        .expect(201)
    ).body.id as number;
    expect((await agentAs(t, lonely).get(`/api/poison-warnings/${lonelyWarning}/reach`).expect(200)).body).toEqual({ about: 0, at_most: false });
    const few = [await buildUser(t.ctx, { lat: 47.01, lon: 11.0 }), await buildUser(t.ctx, { lat: 47.0, lon: 11.01 })];
    await withPush(few[0]!);
    await buildUser(t.ctx, { lat: 47.0, lon: 11.02, status: 'suspended' });
    expect((await agentAs(t, lonely).get(`/api/poison-warnings/${lonelyWarning}/reach`).expect(200)).body).toEqual({ about: 10, at_most: true });
    for (let i = 0; i < 13; i++) await buildUser(t.ctx, { lat: 47.0 + i * 0.001, lon: 11.001 });
    expect((await agentAs(t, lonely).get(`/api/poison-warnings/${lonelyWarning}/reach`).expect(200)).body).toEqual({ about: 20, at_most: false });

    await agentAs(t, few[1]!).get(`/api/poison-warnings/${lonelyWarning}/reach`).expect(403);
    await agentAs(t, await buildModerator(t.ctx))
      .get(`/api/poison-warnings/${lonelyWarning}/reach`)
      .expect(200);
    await a.get('/api/poison-warnings/999999/reach').expect(404);
    await request(t.app).get(`/api/poison-warnings/${first}/reach`).expect(401);
  });

  it('admin statistics: of the active users, how many have a home area, push and safety mails on', async () => {
    const admin = await buildUser(t.ctx, { rolle: 'admin' });
    const stats = async () => (await agentAs(t, admin).get('/api/admin/stats').expect(200)).body.warning_channels as Record<string, number>;
    const before = await stats();
    await buildUser(t.ctx, KM2); // home, no push: mail (auto)
    await withPush(await buildUser(t.ctx, KM2)); // home and push: no mail (auto)
    const on = await buildUser(t.ctx, KM2);
    await withPush(on);
    await agentAs(t, on).patch('/api/me/notification-settings').send({ safety_mail: 'on' }).expect(200); // home, push and mail
    await buildUser(t.ctx); // no home area: nothing is near
    await buildUser(t.ctx, { ...KM2, status: 'suspended' }); // not active
    const after = await stats();
    const delta = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));
    expect(delta).toEqual({ active_users: 4, home_area: 3, push: 2, mail: 2 });
  });
});
