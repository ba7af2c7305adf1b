import { DAY } from '#core/clock.js';
import type { AppContext, Job } from '#core/context.js';
import { findUserById } from '../../accounts/accounts/index.js';
import { findDog } from '../dogs/index.js';
import { mediaUrlsOfDog } from './media.repo.js';

/**
 * Files that no row names, on either store driver (issues 16 and 28):
 * - a diary upload puts its files into the store and then writes their rows; a crash in between leaves photos that
 *   no diary_media row points at;
 * - deleting a dog or an account removes its files after the commit; a store that was down then leaves them.
 * Nightly, the store is walked once in key order (u/<userId>/…): files of users and dogs that are gone, and diary
 * files no row names, are removed once they are older than a day, so an upload still between its two steps is
 * never touched.
 */
export const ORPHAN_GRACE_MS = DAY;

const USER_KEY = /^u\/(\d+)\//;
const DOG_KEY = /^u\/(\d+)\/dogs\/(\d+)\//;
const DIARY_KEY = /^u\/\d+\/dogs\/\d+\/diary\//;

/** Remembers the last answer only: keys come sorted, so one user's and one dog's files come together. */
function lastOnly<T>(load: (id: number) => Promise<T>): (id: number) => Promise<T> {
  let last: { id: number; value: T } | undefined;
  return async (id) => {
    if (last?.id !== id) last = { id, value: await load(id) };
    return last.value;
  };
}

export async function sweepOrphanedMedia(ctx: AppContext): Promise<number> {
  const cutoff = ctx.clock.now().getTime() - ORPHAN_GRACE_MS;
  const userExists = lastOnly(async (id) => !!(await findUserById(ctx.db, id)));
  const dogOwner = lastOnly(async (id) => (await findDog(ctx.db, id))?.user_id);
  const diaryUrls = lastOnly((dogId) => mediaUrlsOfDog(ctx.db, dogId));
  const orphans: string[] = [];
  for await (const file of ctx.media.list('u/')) {
    if (file.modifiedAt.getTime() >= cutoff) continue;
    const userId = Number(USER_KEY.exec(file.key)?.[1]);
    const dog = DOG_KEY.exec(file.key);
    let orphan: boolean;
    if (!(await userExists(userId))) orphan = true;
    else if (dog && (await dogOwner(Number(dog[2]))) !== userId) orphan = true;
    else if (dog && DIARY_KEY.test(file.key)) orphan = !(await diaryUrls(Number(dog[2]))).has(`/media/${file.key}`);
    else orphan = false;
    if (orphan) orphans.push(file.key);
  }
  if (orphans.length) await ctx.media.remove(orphans);
  return orphans.length;
}

export const sweepOrphanedMediaJob: Job = {
  name: 'media.sweep-orphans',
  schedule: '20 4 * * *',
  async run(ctx) {
    const removed = await sweepOrphanedMedia(ctx);
    if (removed > 0) ctx.log.warn({ removed }, 'media files without a row removed');
    return removed;
  },
};
