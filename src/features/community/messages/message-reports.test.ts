import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildModerator, buildUser, type BuiltUser } from '../../../../test/helpers/factories.js';
import { daytimeClock, useTestApp } from '../../../../test/helpers/test-app.js';
import { CONTEXT_MESSAGES } from './message-reports.js';

/** Reports of people and of direct messages in the one moderation queue (decisions: …blocks and reports). */

const t = useTestApp({ clock: daytimeClock() });

async function friends(): Promise<[BuiltUser, BuiltUser]> {
  const a = await buildUser(t.ctx, { name: 'Rita Rüpel' });
  const b = await buildUser(t.ctx, { name: 'Mia Meldet' });
  const req = await agentAs(t, a).post('/api/friends/requests').send({ user_id: b.id }).expect(201);
  await agentAs(t, b).post(`/api/friends/requests/${req.body.id}/accept`).expect(200);
  return [a, b];
}
const say = async (from: BuiltUser, to: BuiltUser, text: string): Promise<number> =>
  (await agentAs(t, from).post(`/api/conversations/${to.id}/messages`).send({ text }).expect(201)).body.id;
const reportsOn = (kind: string, id: number) =>
  t.ctx.db
    .selectFrom('content_reports')
    .select(['reporter_id', 'reason', 'status', 'action', 'resolved_by'])
    .where('target_kind', '=', kind)
    .where('target_id', '=', id)
    .orderBy('id')
    .execute();
type Queue = { items: { id: number; reporter: { id: number }; message: { id: number }; context: { text: string; reported: boolean }[] }[] };
const queueOf = async (who: BuiltUser, reporter: BuiltUser) =>
  ((await agentAs(t, who).get('/api/moderation/message-reports').expect(200)).body as Queue).items.filter((r) => r.reporter.id === reporter.id);

describe('POST /api/messages/:id/report', () => {
  it('401, 404 missing, 403 for a message between others, 409 for one’s own, 403 before the email is confirmed, 400 without a reason', async () => {
    const [rita, mia] = await friends();
    const other = await buildUser(t.ctx);
    const id = await say(rita, mia, 'Blöde Nachricht');
    await request(t.app).post(`/api/messages/${id}/report`).send({ reason: 'Beleidigung' }).expect(401);
    await agentAs(t, mia).post('/api/messages/999999/report').send({ reason: 'Beleidigung' }).expect(404);
    await agentAs(t, other).post(`/api/messages/${id}/report`).send({ reason: 'Beleidigung' }).expect(403);
    await agentAs(t, rita).post(`/api/messages/${id}/report`).send({ reason: 'Beleidigung' }).expect(409);
    const unconfirmed = await buildUser(t.ctx, { email_verified_at: null });
    await agentAs(t, unconfirmed).post(`/api/messages/${id}/report`).send({ reason: 'Beleidigung' }).expect(403);
    const bad = await agentAs(t, mia).post(`/api/messages/${id}/report`).send({ reason: '  ' }).expect(400);
    expect(bad.body.error.message).toEqual(expect.any(String));
    expect(await reportsOn('messages', id)).toEqual([]);
  });

  it('the recipient reports once (a second report is stored once); the moderator sees it in its context only', async () => {
    const [rita, mia] = await friends();
    const [other, elsewhere] = await friends();
    await say(other, elsewhere, 'Eine andere Unterhaltung');
    const ids: number[] = [];
    for (let i = 1; i <= 9; i++) ids.push(await say(i % 2 ? rita : mia, i % 2 ? mia : rita, `Zeile ${i}`));
    const reported = ids[4]!; // "Zeile 5", from Rita
    await agentAs(t, mia).post(`/api/messages/${reported}/report`).send({ reason: 'Drohung' }).expect(204);
    await agentAs(t, mia).post(`/api/messages/${reported}/report`).send({ reason: 'Drohung, nochmal' }).expect(204);
    expect(await reportsOn('messages', reported)).toMatchObject([{ reporter_id: mia.id, reason: 'Drohung', status: 'open' }]);

    const moderator = await buildModerator(t.ctx);
    const [item] = await queueOf(moderator, mia);
    expect(item).toMatchObject({
      reason: 'Drohung',
      message: { id: reported, text: 'Zeile 5' },
      sender: { id: rita.id, name: 'Rita Rüpel', status: 'active' },
    });
    // Three before and three after, of this conversation only; the reported line is marked; the address is masked.
    expect(CONTEXT_MESSAGES).toBe(3);
    expect(item!.context.map((c) => c.text)).toEqual(['Zeile 2', 'Zeile 3', 'Zeile 4', 'Zeile 5', 'Zeile 6', 'Zeile 7', 'Zeile 8']);
    expect(item!.context.filter((c) => c.reported).map((c) => c.text)).toEqual(['Zeile 5']);
    expect((item as unknown as { sender: { email: string } }).sender.email).not.toBe(rita.email);

    // Only staff read a reported conversation.
    await request(t.app).get('/api/moderation/message-reports').expect(401);
    await agentAs(t, mia).get('/api/moderation/message-reports').expect(403);
    await agentAs(t, mia).post(`/api/moderation/message-reports/${item!.id}/resolve`).send({ action: 'suspend' }).expect(403);
  });

  it('suspend: the sender’s account is suspended and their sessions end; every report of the message closes', async () => {
    const [rita, mia] = await friends();
    const id = await say(rita, mia, 'Ich weiß, wo du wohnst');
    await agentAs(t, mia).post(`/api/messages/${id}/report`).send({ reason: 'Drohung' }).expect(204);
    const moderator = await buildModerator(t.ctx);
    const [item] = await queueOf(moderator, mia);
    await agentAs(t, moderator).post(`/api/moderation/message-reports/${item!.id}/resolve`).send({ action: 'ban' }).expect(400);
    await agentAs(t, moderator).post('/api/moderation/message-reports/999999/resolve').send({ action: 'dismiss' }).expect(404);
    await agentAs(t, moderator).post(`/api/moderation/message-reports/${item!.id}/resolve`).send({ action: 'suspend' }).expect(204);
    expect(await t.ctx.db.selectFrom('users').select('status').where('id', '=', rita.id).executeTakeFirst()).toEqual({ status: 'suspended' });
    await agentAs(t, rita).get('/api/conversations').expect(401);
    expect(await reportsOn('messages', id)).toMatchObject([{ status: 'resolved', action: 'suspend', resolved_by: moderator.id }]);
    expect(await queueOf(moderator, mia)).toEqual([]);
  });

  it('a moderator cannot suspend staff (403, the report stays open); an admin can', async () => {
    const staffSender = await buildModerator(t.ctx);
    const mia = await buildUser(t.ctx);
    const req = await agentAs(t, staffSender).post('/api/friends/requests').send({ user_id: mia.id }).expect(201);
    await agentAs(t, mia).post(`/api/friends/requests/${req.body.id}/accept`).expect(200);
    const id = await say(staffSender, mia, 'Von oben herab');
    await agentAs(t, mia).post(`/api/messages/${id}/report`).send({ reason: 'Unhöflich' }).expect(204);
    const moderator = await buildModerator(t.ctx);
    const [item] = await queueOf(moderator, mia);
    await agentAs(t, moderator).post(`/api/moderation/message-reports/${item!.id}/resolve`).send({ action: 'suspend' }).expect(403);
    expect(await reportsOn('messages', id)).toMatchObject([{ status: 'open' }]);
    await agentAs(t, await buildAdmin(t.ctx))
      .post(`/api/moderation/message-reports/${item!.id}/resolve`)
      .send({ action: 'suspend' })
      .expect(204);
  });

  it('reports close when the message goes with its sender’s account', async () => {
    const [rita, mia] = await friends();
    const id = await say(rita, mia, 'Gleich bin ich weg');
    await agentAs(t, mia).post(`/api/messages/${id}/report`).send({ reason: 'Spam' }).expect(204);
    await agentAs(t, rita).delete('/api/me').send({ password: rita.password }).expect(204);
    expect(await reportsOn('messages', id)).toMatchObject([{ status: 'resolved', action: 'deleted', resolved_by: null }]);
    expect(await queueOf(await buildModerator(t.ctx), mia)).toEqual([]);
  });
});

describe('POST /api/users/:id/report', () => {
  type UserQueue = { items: { id: number; reporter: { id: number }; user: { id: number; email: string; status: string } }[] };
  const userQueueOf = async (who: BuiltUser, reporter: BuiltUser) =>
    ((await agentAs(t, who).get('/api/moderation/user-reports').expect(200)).body as UserQueue).items.filter((r) => r.reporter.id === reporter.id);

  it('401, 404 missing, 409 oneself; once per person; 403 for non-staff in the queue; suspend works; closes when the account goes', async () => {
    const reporter = await buildUser(t.ctx);
    const troll = await buildUser(t.ctx, { name: 'Tom Troll' });
    const leaving = await buildUser(t.ctx);
    await request(t.app).post(`/api/users/${troll.id}/report`).send({ reason: 'Fake-Profil' }).expect(401);
    await agentAs(t, reporter).post('/api/users/999999/report').send({ reason: 'Fake-Profil' }).expect(404);
    await agentAs(t, reporter).post(`/api/users/${reporter.id}/report`).send({ reason: 'Fake-Profil' }).expect(409);
    await agentAs(t, reporter).post(`/api/users/${troll.id}/report`).send({ reason: 'Fake-Profil' }).expect(204);
    await agentAs(t, reporter).post(`/api/users/${troll.id}/report`).send({ reason: 'Nochmal' }).expect(204);
    await agentAs(t, reporter).post(`/api/users/${leaving.id}/report`).send({ reason: 'Belästigung' }).expect(204);
    expect(await reportsOn('users', troll.id)).toMatchObject([{ reporter_id: reporter.id, reason: 'Fake-Profil', status: 'open' }]);

    await request(t.app).get('/api/moderation/user-reports').expect(401);
    await agentAs(t, reporter).get('/api/moderation/user-reports').expect(403);
    const moderator = await buildModerator(t.ctx);
    const queue = await userQueueOf(moderator, reporter);
    expect(queue.map((r) => r.user.id)).toEqual([troll.id, leaving.id]);
    expect(queue[0]!.user).toMatchObject({ name: 'Tom Troll', status: 'active' });
    expect(queue[0]!.user.email).not.toBe(troll.email);

    await agentAs(t, reporter).post(`/api/moderation/user-reports/${queue[0]!.id}/resolve`).send({ action: 'suspend' }).expect(403);
    await agentAs(t, moderator).post(`/api/moderation/user-reports/${queue[0]!.id}/resolve`).send({ action: 'suspend' }).expect(204);
    expect(await t.ctx.db.selectFrom('users').select('status').where('id', '=', troll.id).executeTakeFirst()).toEqual({ status: 'suspended' });
    expect(await reportsOn('users', troll.id)).toMatchObject([{ status: 'resolved', action: 'suspend', resolved_by: moderator.id }]);

    await agentAs(t, leaving).delete('/api/me').send({ password: leaving.password }).expect(204);
    expect(await reportsOn('users', leaving.id)).toMatchObject([{ status: 'resolved', action: 'deleted', resolved_by: null }]);
    expect(await userQueueOf(moderator, reporter)).toEqual([]);
  });
});

describe('the limit on reports', () => {
  const limited = useTestApp({ clock: daytimeClock(), env: { RATE_LIMITS_ENABLED: 'true' } });

  it('20 reports an hour per person (contentReport, the limit forum and map reports share)', async () => {
    const reporter = await buildUser(limited.ctx);
    const target = await buildUser(limited.ctx);
    const r = agentAs(limited, reporter);
    for (let i = 0; i < 20; i++)
      await r
        .post(`/api/users/${target.id}/report`)
        .send({ reason: `Meldung ${i}` })
        .expect(204);
    const refused = await r.post(`/api/users/${target.id}/report`).send({ reason: 'Eine zu viel' }).expect(429);
    expect(refused.body.error.message).toEqual(expect.any(String));
    // The limit is the reporter's (key 'user'): another person still reports.
    await agentAs(limited, target).post(`/api/users/${reporter.id}/report`).send({ reason: 'Andere Person' }).expect(204);
  });
});
