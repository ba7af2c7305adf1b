import { describe, expect, it } from 'vitest';
import { fixedClock, HOUR } from '#core/clock.js';
import { avatarUrlPrefix, diaryMediaUrlPrefix, dogMediaUrlPrefix, dogPhotoUrlPrefix, geoItemPhotoUrlPrefix, userMediaUrlPrefix } from '#core/media/paths.js';
import { buildDiaryEntry, buildDiaryMedia, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { isStored, storedUnder, storeTestFile } from '../../../../test/helpers/media.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { deleteUserRow } from '../../accounts/accounts/users.repo.js';
import { deleteDog } from '../dogs/dogs.repo.js';
import { sweepOrphanedMediaJob } from './orphan-sweep.jobs.js';

const t = useTestApp();

/**
 * The store's modified time is the real time of the put (an S3 object's cannot be set), so the files are put now
 * and the job runs with a clock moved ahead: `hoursLater` after now, every file put in this test is that old.
 */
const sweepAt = (hoursLater: number) => sweepOrphanedMediaJob.run({ ...t.ctx, clock: fixedClock(new Date(Date.now() + hoursLater * HOUR)) });

/** Puts a file at each URL; the URLs. */
async function store(...urls: string[]): Promise<string[]> {
  for (const url of urls) await storeTestFile(t.ctx, url);
  return urls;
}

const stored = (urls: string[]) => Promise.all(urls.map((url) => isStored(t.ctx, url)));

describe('media.sweep-orphans', () => {
  it('removes diary files no row points at once they are a day old, and keeps everything else', async () => {
    const media = await buildDiaryMedia(t.ctx);
    const folder = media.url.slice(0, media.url.lastIndexOf('/') + 1);
    const kept = await store(media.url, media.preview_url);
    const orphans = await store(`${folder}verwaist.jpg`, `${folder}verwaist_preview.webp`);
    // the dog photo folder is not the diary's business
    const dogPhoto = await store(folder.replace('/diary/', '/photo/') + 'foto.webp');

    // Two hours on, the orphans are young: an upload may still be between putting its files and writing its rows.
    expect(await sweepAt(2)).toBe(0);
    expect(await stored([...kept, ...orphans, ...dogPhoto])).toEqual([true, true, true, true, true]);

    // A day on, they go; the files the row names and the dog's photo stay.
    expect(await sweepAt(25)).toBe(2);
    expect(await stored([...kept, ...dogPhoto])).toEqual([true, true, true]);
    expect(await stored(orphans)).toEqual([false, false]);
    // nothing left to do the second time
    expect(await sweepAt(25)).toBe(0);
  });

  it('removes the files of a deleted dog and of a deleted account once they are a day old, and keeps other users’ files', async () => {
    // An owner keeps one dog and loses another; the dog's rows are gone, its files were left in the store.
    const owner = await buildUser(t.ctx);
    const keptDog = await buildDog(t.ctx, { user: owner });
    const goneDog = await buildDog(t.ctx, { user: owner });
    const goneDogMedia = await buildDiaryMedia(t.ctx, { entry: await buildDiaryEntry(t.ctx, { dog: goneDog }) });
    const goneDogFiles = await store(
      `${dogPhotoUrlPrefix(owner.id, goneDog.id)}foto.webp`,
      goneDogMedia.url,
      goneDogMedia.preview_url,
      `${dogMediaUrlPrefix(owner.id, goneDog.id)}health/befund.pdf`,
    );
    const ownerFiles = await store(
      `${avatarUrlPrefix(owner.id)}ich.webp`,
      `${dogPhotoUrlPrefix(owner.id, keptDog.id)}foto.webp`,
      `${geoItemPhotoUrlPrefix(owner.id)}koeder.webp`,
    );
    expect(await deleteDog(t.ctx.db, goneDog.id)).toBe(true);

    // An account deleted with its dog; its files were left in the store.
    const gone = await buildUser(t.ctx);
    const hisDog = await buildDog(t.ctx, { user: gone });
    const goneUserFiles = await store(
      `${avatarUrlPrefix(gone.id)}ich.webp`,
      `${geoItemPhotoUrlPrefix(gone.id)}koeder.webp`,
      `${dogPhotoUrlPrefix(gone.id, hisDog.id)}foto.webp`,
      `${diaryMediaUrlPrefix(gone.id, hisDog.id)}bild.jpg`,
      `${userMediaUrlPrefix(gone.id)}exports/1-abc.zip`,
    );
    expect(await deleteUserRow(t.ctx.db, gone.id)).toBe(true);

    // Another user's files, their dog's diary photo with its row included.
    const other = await buildUser(t.ctx);
    const otherDog = await buildDog(t.ctx, { user: other });
    const otherMedia = await buildDiaryMedia(t.ctx, { entry: await buildDiaryEntry(t.ctx, { dog: otherDog }) });
    const otherFiles = await store(`${avatarUrlPrefix(other.id)}ich.webp`, `${dogPhotoUrlPrefix(other.id, otherDog.id)}foto.webp`, otherMedia.url);

    const everything = [...goneDogFiles, ...goneUserFiles, ...ownerFiles, ...otherFiles];
    expect(await sweepAt(2)).toBe(0);
    expect(await stored(everything)).toEqual(everything.map(() => true));

    expect(await sweepAt(25)).toBe(goneDogFiles.length + goneUserFiles.length);
    expect(await storedUnder(t.ctx, dogMediaUrlPrefix(owner.id, goneDog.id))).toEqual([]);
    expect(await storedUnder(t.ctx, userMediaUrlPrefix(gone.id))).toEqual([]);
    expect(await stored([...ownerFiles, ...otherFiles])).toEqual([...ownerFiles, ...otherFiles].map(() => true));
    expect(await sweepAt(25)).toBe(0);
  });
});
