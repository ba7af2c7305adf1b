import { dateInZone } from '../../core/clock.js';
import type { Job } from '../../core/context.js';
import { createNotification } from '../notifications/index.js';
import { sameDayPatterns, yearsAgo } from './on-this-day.js';

const DOG_BATCH = 500;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

/**
 * Daily at 09:00: entries written on this calendar day in earlier years reach the dog's owner, one notification
 * per dog and day (in-app now; push once that area exists). The link to the user runs through the dog.
 * Safe to rerun: the dedupe key holds the dog and the day.
 */
export const anniversariesJob: Job = {
  name: 'diary.anniversaries',
  schedule: '0 9 * * *',
  async run(ctx) {
    const now = ctx.clock.now();
    const today = dateInZone(now, ctx.config.timeZone);
    const patterns = sameDayPatterns(today);
    let created = 0;
    let lastDogId = 0;
    for (;;) {
      const rows = await ctx.db
        .selectFrom('diary_entries')
        .innerJoin('dogs', 'dogs.id', 'diary_entries.dog_id')
        .select(['diary_entries.id', 'diary_entries.dog_id', 'diary_entries.date', 'diary_entries.title', 'diary_entries.text', 'dogs.name', 'dogs.user_id'])
        .where('diary_entries.dog_id', 'in', (eb) =>
          eb
            .selectFrom('diary_entries')
            .select('dog_id')
            .distinct()
            .where('dog_id', '>', lastDogId)
            .where('date', '<', today)
            .where((w) => w.or(patterns.map((p) => w('date', 'like', p))))
            .orderBy('dog_id')
            .limit(DOG_BATCH),
        )
        .where('diary_entries.date', '<', today)
        .where((w) => w.or(patterns.map((p) => w('diary_entries.date', 'like', p))))
        .orderBy('diary_entries.dog_id')
        .orderBy('diary_entries.date')
        .orderBy('diary_entries.id')
        .execute();
      if (rows.length === 0) break;
      const byDog = new Map<number, typeof rows>();
      for (const row of rows) byDog.set(row.dog_id, [...(byDog.get(row.dog_id) ?? []), row]);
      for (const [dogId, memories] of byDog) {
        // The oldest memory leads; the others are mentioned.
        const first = memories[0];
        if (!first) continue;
        const years = yearsAgo(first.date, today);
        const more = memories.length - 1;
        const ok = await createNotification(ctx.db, {
          userId: first.user_id,
          type: 'diary_anniversary',
          title: `Heute vor ${years} ${years === 1 ? 'Jahr' : 'Jahren'} 🐾`,
          body:
            `${first.name}: „${first.title ?? (excerpt(first.text) || 'Ein Tag im Tagebuch')}“` +
            (more > 0 ? ` – und ${more} weitere ${more === 1 ? 'Erinnerung' : 'Erinnerungen'} von heute.` : ''),
          url: `/app/tagebuch/eintrag/${first.id}`, // the client route of the entry (src/client/routes.ts)
          dedupeKey: `diary_anniversary:${dogId}:${today}`,
          now: now.toISOString(),
        });
        if (ok) created++;
        lastDogId = Math.max(lastDogId, dogId);
      }
    }
    return created;
  },
};
