import { describe, expect, it } from 'vitest';
import { agentAs, buildModerator, buildUser } from '../../../../test/helpers/factories.js';
import { queryCounter } from '../../../../test/helpers/query-count.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const queries = queryCounter();
const t = useTestApp({ onQuery: queries.onQuery });
const HERE = { lat: 52.5219, lon: 13.4132 };

/** One item of every map kind; its summary in the queue is its title, its name or its description, in that order. */
const KINDS: [path: string, body: Record<string, unknown>, summary: string][] = [
  ['poison-warnings', { kind: 'poison', description: 'Köder am Kanal' }, 'Köder am Kanal'],
  ['lost-dogs', { name: 'Flocke', description: 'Weiß, scheu', last_seen_at: '2026-01-01T10:00:00Z' }, 'Flocke'],
  ['playdates', { title: 'Welpentreff', description: 'Am Teich', starts_at: '2099-07-01T09:00:00Z' }, 'Welpentreff'],
  ['walk-slots', { weekday: 1, start_time: '08:00', end_time: '09:00', place_name: 'Volkspark' }, ''],
  ['adoptions', { title: 'Bruno sucht ein Zuhause', description: 'Lieb, verträglich.' }, 'Bruno sucht ein Zuhause'],
  ['events', { title: 'Hundeschwimmen', starts_at: '2099-07-01T10:00:00Z' }, 'Hundeschwimmen'],
  ['sitting', { type: 'offer', description: 'Ich passe am Wochenende auf.' }, 'Ich passe am Wochenende auf.'],
  ['services', { name: 'Praxis Dr. Wau', category: 'tierarzt', description: 'Notdienst' }, 'Praxis Dr. Wau'],
];

describe('GET /api/moderation/map-reports', () => {
  it('shows every kind’s item (summary cut to 200 characters, null when the item is gone) with two queries besides the session', async () => {
    const author = agentAs(t, await buildUser(t.ctx));
    const reporter = await buildUser(t.ctx);
    const made: { path: string; id: number; summary: string | null }[] = [];
    for (const [path, body, summary] of KINDS) {
      const item = (
        await author
          .post(`/api/${path}`)
          .send({ ...HERE, ...body })
          .expect(201)
      ).body;
      await agentAs(t, reporter).post(`/api/${path}/${item.id}/report`).send({ reason: 'Bitte prüfen' }).expect(204);
      made.push({ path, id: item.id, summary });
    }
    const long = (
      await author
        .post('/api/sitting')
        .send({ ...HERE, type: 'request', description: 'ä'.repeat(300) })
        .expect(201)
    ).body;
    await agentAs(t, reporter).post(`/api/sitting/${long.id}/report`).send({ reason: 'Zu lang' }).expect(204);
    made.push({ path: 'sitting', id: long.id, summary: 'ä'.repeat(200) });
    // A row that went without its report being closed (written past the app) is shown without summary and photo.
    const gone = (
      await author
        .post('/api/adoptions')
        .send({ ...HERE, title: 'Schon vermittelt', description: 'Weg' })
        .expect(201)
    ).body;
    await agentAs(t, reporter).post(`/api/adoptions/${gone.id}/report`).send({ reason: 'Veraltet' }).expect(204);
    await t.ctx.db.deleteFrom('adoptions').where('id', '=', gone.id).execute();
    made.push({ path: 'adoptions', id: gone.id, summary: null });

    const mod = await buildModerator(t.ctx);
    const { result, count } = await queries.during(t.ctx, () => agentAs(t, mod).get('/api/moderation/map-reports').expect(200));
    const mine = result.body.items.filter((x: { reporter: { id: number } }) => x.reporter.id === reporter.id);
    expect(mine.map((x: { item: { kind: string; id: number; summary: string | null; photo_url: string | null } }) => x.item)).toEqual(
      made.map((m) => expect.objectContaining({ kind: m.path, id: m.id, summary: m.summary, photo_url: null })),
    );
    expect(count).toBe(3); // the session, the reports, the items of all kinds
  });
});
