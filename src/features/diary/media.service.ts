import { join } from 'node:path';
import type { Request } from 'express';
import type { AppContext } from '../../core/context.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../core/http/errors.js';
import { readPhotoFacts } from '../../core/media/exif.js';
import { processImage } from '../../core/media/images.js';
import { diaryMediaDir, diaryMediaUrlPrefix } from '../../core/media/paths.js';
import { newMediaName, previewUrlOf, removeMediaFiles, writeFilesAllOrNothing, type FileToWrite } from '../../core/media/storage.js';
import { displayName } from '../../core/media/upload.js';
import { deleteDailyPhotosByUrl } from './daily-photo.js';
import { weatherForNewMedia } from './diary-weather.js';
import type { MediaItem } from './diary.schemas.js';
import { loadOwnedEntry, touchEntry } from './entries.service.js';
import { countMediaOfEntry, findMediaWithOwner, insertMediaRows, mediaOfEntries, refreshEntryPosition } from './media.repo.js';

export const MAX_FILES_PER_UPLOAD = 10;
export const MAX_MEDIA_PER_ENTRY = 100;

/**
 * Adds photos to an entry, all or nothing: every file is checked and re-encoded first (a bad one rejects the
 * request before anything is written), then the files are written, then the rows inserted in one transaction;
 * if that fails the files are removed again. Weather is looked up afterwards and never fails the upload.
 */
export async function addMedia(ctx: AppContext, req: Request, entryId: number, files: Express.Multer.File[]): Promise<MediaItem[]> {
  const entry = await loadOwnedEntry(ctx, req, entryId);
  if (files.length === 0) throw badRequest('Bitte wähle mindestens ein Foto aus.', { files: 'Bitte wähle mindestens ein Foto aus.' });
  if ((await countMediaOfEntry(ctx.db, entryId)) + files.length > MAX_MEDIA_PER_ENTRY)
    throw new AppError(422, 'too_many_photos', `Ein Eintrag kann höchstens ${MAX_MEDIA_PER_ENTRY} Fotos haben.`);

  const now = ctx.clock.now();
  const prepared = [];
  for (const file of files) {
    const image = await processImage(file.buffer, 'diary', displayName(file));
    const facts = await readPhotoFacts(image.exif, ctx.config.timeZone, now);
    prepared.push({ image, facts, name: newMediaName() });
  }

  const dir = diaryMediaDir(ctx.config.mediaDir, entry.user_id, entry.dog_id);
  const prefix = diaryMediaUrlPrefix(entry.user_id, entry.dog_id);
  const toWrite: FileToWrite[] = prepared.flatMap(({ image, name }) => [
    { path: join(dir, `${name}.${image.main.ext}`), data: image.main.data },
    ...(image.preview ? [{ path: join(dir, `${name}_preview.webp`), data: image.preview.data }] : []),
  ]);
  const rows = prepared.map(({ image, facts, name }) => ({
    entry_id: entry.id,
    dog_id: entry.dog_id,
    url: `${prefix}${name}.${image.main.ext}`,
    preview_url: previewUrlOf(`${prefix}${name}.${image.main.ext}`),
    width: image.main.width,
    height: image.main.height,
    bytes: image.main.data.length,
    lat: facts.lat,
    lon: facts.lon,
    taken_at: facts.takenAt,
    weather_day: facts.lat === null ? null : (facts.takenDay ?? entry.date),
    weather_status: facts.lat === null ? ('none' as const) : ('pending' as const),
    created_at: now.toISOString(),
  }));

  await writeFilesAllOrNothing(toWrite);
  let inserted;
  try {
    inserted = await ctx.db.transaction().execute(async (trx) => {
      if (!(await touchEntry(trx, entry.id, now.toISOString()))) throw notFound('Diesen Tagebucheintrag gibt es nicht.');
      const result = await insertMediaRows(trx, rows);
      await refreshEntryPosition(trx, entry.id);
      return result;
    });
  } catch (err) {
    await removeMediaFiles(ctx.config.mediaDir, rows.flatMap((r) => [r.url, r.preview_url]), ctx.log);
    throw err;
  }

  await weatherForNewMedia(ctx, inserted);
  const fresh = await mediaOfEntries(ctx.db, [entry.id]);
  const ids = new Set(inserted.map((r) => r.id));
  return (fresh.get(entry.id) ?? []).filter((m) => ids.has(m.id));
}

/** Deletes one photo: its row, its daily-photo cache rows, the entry's position if it came from it; files after commit. */
export async function deleteMedia(ctx: AppContext, req: Request, mediaId: number): Promise<void> {
  if (!req.user) throw unauthorized();
  const media = await findMediaWithOwner(ctx.db, mediaId);
  if (!media) throw notFound('Dieses Foto gibt es nicht.');
  if (media.user_id !== req.user.id) throw forbidden('Das ist nicht dein Foto.');
  await ctx.db.transaction().execute(async (trx) => {
    await touchEntry(trx, media.entry_id, ctx.clock.now().toISOString());
    const gone = await trx.deleteFrom('diary_media').where('id', '=', mediaId).returning('id').executeTakeFirst();
    if (!gone) throw notFound('Dieses Foto gibt es nicht.');
    await deleteDailyPhotosByUrl(trx, [media.url]);
    await refreshEntryPosition(trx, media.entry_id);
  });
  await removeMediaFiles(ctx.config.mediaDir, [media.url, media.preview_url], ctx.log);
}
