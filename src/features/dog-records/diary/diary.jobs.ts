import { dateInZone } from '#core/clock.js';
import type { AppContext, Job } from '#core/context.js';
import { notify } from '../../accounts/notifications/index.js';
import { anniversaryBatch, type AnniversaryMemory } from './on-this-day.repo.js';
import { yearsAgo } from './on-this-day.js';

const DOG_BATCH = 500;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

/** The message to the dog's owner; the oldest memory leads, the others are mentioned. */
interface AnniversaryMessage {
  userId: number;
  title: string;
  body: string;
  url: string;
  dedupeKey: string;
}

function messageOf(memories: [AnniversaryMemory, ...AnniversaryMemory[]], today: string): AnniversaryMessage {
  const first = memories[0];
  const years = yearsAgo(first.date, today);
  const more = memories.length - 1;
  return {
    userId: first.user_id,
    title: `Heute vor ${years} ${years === 1 ? 'Jahr' : 'Jahren'} 🐾`,
    body:
      `${first.name}: „${first.title ?? (excerpt(first.text) || 'Ein Tag im Tagebuch')}“` +
      (more > 0 ? ` – und ${more} weitere ${more === 1 ? 'Erinnerung' : 'Erinnerungen'} von heute.` : ''),
    url: `/app/tagebuch/eintrag/${first.id}`, // the client route of the entry (src/client/routes.ts)
    dedupeKey: `diary_anniversary:${first.dog_id}:${today}`,
  };
}

/** How the reminder reaches the owner: `notify` (in-app row, and a push where the owner allows it). True when it was new. */
async function sendAnniversary(ctx: AppContext, message: AnniversaryMessage): Promise<boolean> {
  const { userId, dedupeKey, ...text } = message;
  // In-app row and push (per the owner's settings and quiet hours); the dedupe key also tags the push per dog and day.
  return (await notify(ctx, userId, 'anniversary', { ...text, tag: dedupeKey }, { dedupeKey })) !== null;
}

/**
 * Daily at 09:00: entries written on this calendar day in earlier years reach the dog's owner, one notification
 * per dog and day. The link to the user runs through the dog. Safe to rerun: the dedupe key holds the dog and the day.
 */
export const anniversariesJob: Job = {
  name: 'diary.anniversaries',
  schedule: '0 9 * * *',
  async run(ctx) {
    const now = ctx.clock.now();
    const today = dateInZone(now, ctx.config.timeZone);
    let created = 0;
    let lastDogId = 0;
    for (;;) {
      const rows = await anniversaryBatch(ctx.db, today, lastDogId, DOG_BATCH);
      if (rows.length === 0) break;
      const byDog = new Map<number, [AnniversaryMemory, ...AnniversaryMemory[]]>();
      for (const row of rows) {
        const list = byDog.get(row.dog_id);
        if (list) list.push(row);
        else byDog.set(row.dog_id, [row]);
      }
      for (const [dogId, memories] of byDog) {
        if (await sendAnniversary(ctx, messageOf(memories, today))) created++;
        lastDogId = Math.max(lastDogId, dogId);
      }
    }
    return created;
  },
};
