import { requireDogRecord } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import type { Db } from '#core/db/index.js';
import { AppError, badRequest, notFound } from '#core/http/route/errors.js';
import { readPhotoFacts, type PhotoFacts } from '#core/media/exif.js';
import { mergeFacts } from '#core/media/photo-fields.js';
import { processImage, type ProcessedImage } from '#core/media/images.js';
import { diaryMediaUrlPrefix } from '#core/media/paths.js';
import { discardFiles, newMediaName, previewUrlOf, removeStoredMedia, stagingDir, storeFiles } from '#core/media/storage.js';
import { displayName } from '#core/media/upload.js';
import { deleteDailyPhotosByUrl } from './daily-photo.repo.js';
import { weatherForNewPhotos } from './diary-weather.js';
import { ENTRY_WORDING, MEDIA_WORDING, type MediaItem } from './diary.schemas.js';
import { touchEntry } from './entries.repo.js';
import { loadEntry } from './entries.service.js';
import {
  countMediaOfEntry,
  deleteMediaRow,
  findMediaWithOwner,
  insertMediaRows,
  mediaOfEntries,
  refreshEntryPosition,
  setPlaceName,
  unnamedPosition,
} from './media.repo.js';
import { placeNameAt } from '../geocoding/index.js';
import { PLAN_LIMITS, planLimit } from '#shared/plans.js';
import { findUserById, lockPlanOf } from '../../accounts/accounts/index.js';

export const MAX_FILES_PER_UPLOAD = 10;
export const MAX_MEDIA_PER_ENTRY = PLAN_LIMITS.photosPerEntry.premium;

/**
 * The entry's owner's plan sets how many photos it may have (src/shared/plans.ts): checked before the files are
 * processed (a refused upload costs no work) and again in the insert's transaction, `locked` after the owner's row
 * is locked, so the count and the insert are one step.
 */
async function assertRoomForPhotos(db: Db, ownerId: number, entryId: number, adding: number, actor: Actor, locked: boolean): Promise<void> {
  const owner = locked ? await lockPlanOf(db, ownerId) : ownerId === actor.id ? actor : await findUserById(db, ownerId);
  const cap = planLimit('photosPerEntry', owner ?? actor) ?? MAX_MEDIA_PER_ENTRY;
  if ((await countMediaOfEntry(db, entryId)) + adding <= cap) return;
  throw new AppError(
    422,
    'too_many_photos',
    cap < MAX_MEDIA_PER_ENTRY
      ? `Mit Free hat ein Eintrag bis zu ${cap} Fotos. Mit Pro sind es bis zu ${MAX_MEDIA_PER_ENTRY}.`
      : `Ein Eintrag kann höchstens ${MAX_MEDIA_PER_ENTRY} Fotos haben.`,
  );
}

const stagedPaths = (images: ProcessedImage[]) => images.flatMap((i) => [i.main.path, ...(i.preview ? [i.preview.path] : [])]);

/**
 * Adds photos to an entry, all or nothing (`fieldFacts`: what the app read from each photo before shrinking it,
 * used where the file says nothing itself): every file is checked and re-encoded into the staging folder first (a
 * bad one rejects the request before anything is stored), the weather is looked up (never failing the upload),
 * then the files are moved into place and the rows inserted in one transaction; if that fails the files go again.
 */
export async function addMedia(
  ctx: AppContext,
  actor: Actor,
  entryId: number,
  files: Express.Multer.File[],
  fieldFacts: PhotoFacts[] = [],
): Promise<MediaItem[]> {
  const entry = await loadEntry(ctx, actor, entryId, 'write');
  if (files.length === 0) throw badRequest('Bitte wähle mindestens ein Foto aus.', { files: 'Bitte wähle mindestens ein Foto aus.' });
  // A quick refusal before any file is decoded; the check that holds is the one under the lock below.
  await assertRoomForPhotos(ctx.db, entry.access.owner_id, entryId, files.length, actor, false);

  const now = ctx.clock.now();
  const staging = stagingDir(ctx.config);
  const images: ProcessedImage[] = [];
  try {
    const facts: PhotoFacts[] = [];
    for (const [i, file] of files.entries()) {
      const image = await processImage(file.path, 'diary', staging, displayName(file));
      images.push(image);
      facts.push(mergeFacts(await readPhotoFacts(image.exif, ctx.config.timeZone, now), fieldFacts[i]));
    }
    const weather = await weatherForNewPhotos(
      ctx,
      facts.map((f) => (f.lat === null || f.lon === null ? null : { lat: f.lat, lon: f.lon, day: f.takenDay ?? entry.date })),
    );

    const prefix = diaryMediaUrlPrefix(entry.access.owner_id, entry.dog_id);
    const names = images.map(() => newMediaName());
    const rows = images.map((image, i) => {
      const f = facts[i];
      const url = `${prefix}${names[i]}.${image.main.ext}`;
      return {
        entry_id: entry.id,
        dog_id: entry.dog_id,
        url,
        preview_url: previewUrlOf(url),
        width: image.main.width,
        height: image.main.height,
        bytes: image.main.bytes,
        lat: f?.lat ?? null,
        lon: f?.lon ?? null,
        taken_at: f?.takenAt ?? null,
        weather_day: f?.lat == null ? null : (f.takenDay ?? entry.date),
        ...weather[i],
        created_at: now.toISOString(),
      };
    });

    await storeFiles(
      ctx,
      images.flatMap((image, i) => {
        const row = rows[i] as (typeof rows)[number];
        return [{ url: row.url, path: image.main.path }, ...(image.preview ? [{ url: row.preview_url, path: image.preview.path }] : [])];
      }),
    );
    let inserted;
    try {
      inserted = await ctx.db.transaction().execute(async (trx) => {
        // touchEntry's update takes the entry row's lock (SQLite: the transaction's write lock), so concurrent
        // uploads to one entry count and insert one after the other: the cap holds, the loser is refused whole.
        if (!(await touchEntry(trx, entry.id, now.toISOString()))) throw notFound(ENTRY_WORDING.missing);
        await assertRoomForPhotos(trx, entry.access.owner_id, entry.id, rows.length, actor, true);
        const result = await insertMediaRows(trx, rows);
        await refreshEntryPosition(trx, entry.id);
        return result;
      });
    } catch (err) {
      await removeStoredMedia(
        ctx,
        rows.flatMap((r) => [r.url, r.preview_url]),
      );
      throw err;
    }
    // The place name comes from Nominatim (up to its timeout, one request a second for the whole app): never in
    // the upload's answer. The entry shows it once it is known; the hourly job retries what failed.
    ctx.background.run('diary.place-name', () => nameEntryPlace(ctx, entry.id));
    const ids = new Set(inserted.map((r) => r.id));
    return ((await mediaOfEntries(ctx.db, [entry.id])).get(entry.id) ?? []).filter((m) => ids.has(m.id));
  } finally {
    // The uploads, and whatever was not moved into place (a later file failed, the move failed), leave the
    // staging folder before the answer goes out.
    await discardFiles([...files.map((f) => f.path), ...stagedPaths(images)]);
  }
}

/** After an upload gave the entry a position: its place name, best effort (the entry is already saved). */
export async function nameEntryPlace(ctx: AppContext, entryId: number): Promise<boolean> {
  const at = await unnamedPosition(ctx.db, entryId);
  if (!at || at.lat === null || at.lat === undefined || at.lon === null || at.lon === undefined) return false;
  const name = await placeNameAt(ctx, at.lat, at.lon);
  if (name) await setPlaceName(ctx.db, entryId, { lat: at.lat, lon: at.lon }, name);
  return name !== null;
}

/** Deletes one photo: its row, its daily-photo cache rows, the entry's position if it came from it; files after commit. */
export async function deleteMedia(ctx: AppContext, actor: Actor, mediaId: number): Promise<void> {
  const media = await requireDogRecord(ctx.db, actor, await findMediaWithOwner(ctx.db, mediaId), 'write', MEDIA_WORDING);
  // A caregiver removes photos only from entries they wrote (the entry's rule).
  if (media.access.role === 'caregiver') await loadEntry(ctx, actor, media.entry_id, 'write');
  await ctx.db.transaction().execute(async (trx) => {
    await touchEntry(trx, media.entry_id, ctx.clock.now().toISOString());
    if (!(await deleteMediaRow(trx, mediaId))) throw notFound(MEDIA_WORDING.missing);
    await deleteDailyPhotosByUrl(trx, [media.url]);
    await refreshEntryPosition(trx, media.entry_id);
  });
  await removeStoredMedia(ctx, [media.url, media.preview_url]);
}
