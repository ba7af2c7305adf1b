import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

const clock = fixedClock('2026-06-01T10:00:00Z'); // 12:00 in Berlin
const t = useTestApp({ clock });
const ALEX = { lat: 52.5219, lon: 13.4132 };

const cancellations = (userId: number) =>
  t.ctx.db
    .selectFrom('notifications')
    .select(['type', 'title', 'body', 'url'])
    .where('user_id', '=', userId)
    .where('title', 'like', 'Abgesagt:%')
    .orderBy('id')
    .execute();

describe('deleting an account with playdates', () => {
  it('tells each participant once that the coming playdates are cancelled; past ones and others’ playdates stay silent', async () => {
    const host = await buildUser(t.ctx);
    const guest = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const a = agentAs(t, host);
    const g = agentAs(t, guest);
    const luna = await buildDog(t.ctx, { user: guest, name: 'Luna' });
    const bello = await buildDog(t.ctx, { user: guest, name: 'Bello' });
    const rex = await buildDog(t.ctx, { user: host, name: 'Rex' });
    const create = async (agent: typeof a, title: string, starts_at: string) =>
      (
        await agent
          .post('/api/playdates')
          .send({ ...ALEX, title, starts_at })
          .expect(201)
      ).body as { id: number };
    const soon = await create(a, 'Welpentreff', '2026-06-02T16:30:00+02:00');
    const later = await create(a, 'Parkrunde', '2026-06-10T08:00:00Z');
    const nobody = await create(a, 'Leeres Treffen', '2026-06-03T08:00:00Z');
    const othersOwn = await create(agentAs(t, other), 'Ottos Treffen', '2026-06-04T08:00:00Z');
    // Two dogs of one guest: one notice. The host's own dog: no notice to the leaving host.
    await g.post(`/api/playdates/${soon.id}/participants`).send({ dog_id: luna.id }).expect(200);
    await g.post(`/api/playdates/${soon.id}/participants`).send({ dog_id: bello.id }).expect(200);
    await a.post(`/api/playdates/${soon.id}/participants`).send({ dog_id: rex.id }).expect(200);
    await g.post(`/api/playdates/${later.id}/participants`).send({ dog_id: luna.id }).expect(200);
    await g.post(`/api/playdates/${othersOwn.id}/participants`).send({ dog_id: luna.id }).expect(200);
    await a.post(`/api/playdates/${othersOwn.id}/participants`).send({ dog_id: rex.id }).expect(200);
    // A playdate that took place already is not cancelled.
    const past = await create(a, 'Gestern', '2026-06-01T11:00:00Z');
    await g.post(`/api/playdates/${past.id}/participants`).send({ dog_id: luna.id }).expect(200);
    clock.set('2026-06-01T12:00:00Z');

    await a.delete('/api/me').send({ password: host.password }).expect(204);

    expect(await cancellations(guest.id)).toEqual([
      {
        type: 'playdate',
        title: 'Abgesagt: Welpentreff',
        body: 'Das Spieltreffen am 02.06.2026 um 16:30 Uhr fällt aus: Wer es angelegt hat, hat das Konto gelöscht.',
        url: '/app/karte',
      },
      { type: 'playdate', title: 'Abgesagt: Parkrunde', body: expect.stringContaining('10.06.2026 um 10:00 Uhr'), url: '/app/karte' },
    ]);
    expect(await cancellations(other.id)).toEqual([]);
    await g.get(`/api/playdates/${soon.id}`).expect(404);
    await g.get(`/api/playdates/${nobody.id}`).expect(404);
    await g.get(`/api/playdates/${othersOwn.id}`).expect(200);
    clock.set('2026-06-01T10:00:00Z');
  });

  it('a deletion that fails (wrong password) tells nobody', async () => {
    const host = await buildUser(t.ctx);
    const guest = await buildUser(t.ctx);
    const luna = await buildDog(t.ctx, { user: guest, name: 'Luna' });
    const p = (
      await agentAs(t, host)
        .post('/api/playdates')
        .send({ ...ALEX, title: 'Treff', starts_at: '2026-06-02T08:00:00Z' })
        .expect(201)
    ).body as { id: number };
    await agentAs(t, guest).post(`/api/playdates/${p.id}/participants`).send({ dog_id: luna.id }).expect(200);
    await agentAs(t, host).delete('/api/me').send({ password: 'falsch-falsch-falsch' }).expect(403);
    expect(await cancellations(guest.id)).toEqual([]);
  });
});
