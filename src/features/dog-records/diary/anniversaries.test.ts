import { describe, expect, it } from 'vitest';
import { agentAs, buildDiaryEntry, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { anniversariesJob } from './diary.jobs.js';

const clock = fixedClock('2026-11-21T08:00:00Z'); // 09:00 in Berlin
const t = useTestApp({ clock });

async function entry(dogId: number, date: string, title: string | null, text = 'Text') {
  return (await buildDiaryEntry(t.ctx, { dog_id: dogId, date, title, text })).id;
}

const notificationsOf = (userId: number) =>
  t.ctx.db.selectFrom('notifications').select(['type', 'title', 'body', 'url']).where('user_id', '=', userId).orderBy('id').execute();

describe('diary.anniversaries (09:00)', () => {
  it('sends the owner one notification per dog for entries of this calendar day in earlier years', async () => {
    const owner = await buildUser(t.ctx);
    const bello = await buildDog(t.ctx, { user: owner, name: 'Bello' });
    const luna = await buildDog(t.ctx, { user: owner, name: 'Luna' });
    const oldest = await entry(bello.id, '2023-11-21', 'Erster Schnee');
    await entry(bello.id, '2025-11-21', 'Wieder Schnee');
    await entry(bello.id, '2026-11-21', 'Heute'); // this year: no memory
    await entry(bello.id, '2025-11-20', 'Gestern vor einem Jahr');
    const lunaEntry = await entry(luna.id, '2025-11-21', null, 'Luna   war\n heute beim Tierarzt und sehr tapfer.');
    const stranger = await buildUser(t.ctx);
    await buildDog(t.ctx, { user: stranger, name: 'Rex' });

    const created = await anniversariesJob.run(t.ctx);
    expect(created).toBe(2);
    expect(await notificationsOf(owner.id)).toEqual([
      {
        type: 'anniversary',
        title: 'Heute vor 3 Jahren 🐾',
        body: 'Bello: „Erster Schnee“ – und 1 weitere Erinnerung von heute.',
        url: `/app/tagebuch/eintrag/${oldest}`,
      },
      {
        type: 'anniversary',
        title: 'Heute vor 1 Jahr 🐾',
        body: 'Luna: „Luna war heute beim Tierarzt und sehr tapfer.“',
        url: `/app/tagebuch/eintrag/${lunaEntry}`,
      },
    ]);
    expect(await notificationsOf(stranger.id)).toEqual([]);

    // The owner sees them in the app.
    const list = await agentAs(t, owner).get('/api/notifications').expect(200);
    expect(list.body).toMatchObject({ unread_count: 2, items: [{ title: 'Heute vor 1 Jahr 🐾' }, { title: 'Heute vor 3 Jahren 🐾' }] });
  });

  it('is safe to rerun the same day', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    await entry(dog.id, '2020-11-21', 'Einzug');
    await anniversariesJob.run(t.ctx);
    expect(await anniversariesJob.run(t.ctx)).toBe(0);
    expect(await notificationsOf(owner.id)).toHaveLength(1);
  });

  it('reminds of 29 February on 28 February of a common year', async () => {
    clock.set('2027-02-28T08:00:00Z');
    try {
      const owner = await buildUser(t.ctx);
      const dog = await buildDog(t.ctx, { user: owner });
      await entry(dog.id, '2024-02-29', 'Schalttag');
      await anniversariesJob.run(t.ctx);
      expect((await notificationsOf(owner.id)).map((n) => n.body)).toEqual(['Bello: „Schalttag“']);
    } finally {
      clock.set('2026-11-21T08:00:00Z');
    }
  });

  it('uses the day in Europe/Berlin, not UTC', async () => {
    clock.set('2026-11-21T23:30:00Z'); // already the 22nd in Berlin
    try {
      const owner = await buildUser(t.ctx);
      const dog = await buildDog(t.ctx, { user: owner });
      await entry(dog.id, '2025-11-22', 'Berliner Tag');
      await entry(dog.id, '2025-11-21', 'UTC-Tag');
      await anniversariesJob.run(t.ctx);
      expect((await notificationsOf(owner.id)).map((n) => n.body)).toEqual(['Bello: „Berliner Tag“']);
    } finally {
      clock.set('2026-11-21T08:00:00Z');
    }
  });
});
