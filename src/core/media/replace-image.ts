import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { badRequest } from '../http/route/errors.js';
import { processImage, type ImageVariant } from './images.js';
import { discardFiles, newMediaName, removeStoredMedia, stagingDir, storeFiles } from './storage.js';
import { displayName } from './upload.js';

/**
 * One picture per row (a dog's photo, an avatar, a geo item's photo): the new file is written first, then the URL
 * swapped; the old file goes after the swap. The areas own the rows and give a Slot that reads and
 * compare-and-swaps the URL.
 */

const MAX_SWAP_TRIES = 5;

/** Where a picture's URL lives: `read` gives undefined when the row is gone. */
export interface ImageSlot {
  read(db: Db): Promise<{ url: string | null } | undefined>;
  swap(db: Db, expected: string | null, next: string | null, now: string): Promise<boolean>;
}

/**
 * Sets the URL only if it still is the one read (compare-and-swap), so two uploads at once never both delete the
 * same old file and leave one new file orphaned. Returns the URL that was replaced.
 */
async function swapUrl(db: Db, slot: ImageSlot, next: string | null, now: string): Promise<{ swapped: boolean; previous: string | null }> {
  for (let i = 0; i < MAX_SWAP_TRIES; i++) {
    const current = await slot.read(db);
    if (!current) break;
    if (await slot.swap(db, current.url, next, now)) return { swapped: true, previous: current.url };
  }
  return { swapped: false, previous: null };
}

/** Processes the upload (re-encoded, metadata gone), stores it under `dir` and points the slot at it. */
export async function replaceImage(
  ctx: AppContext,
  slot: ImageSlot,
  file: Express.Multer.File | undefined,
  target: { urlPrefix: string; variant: ImageVariant },
): Promise<string> {
  if (!file) throw badRequest('Bitte wähle ein Foto aus.', { file: 'Bitte wähle ein Foto aus.' });
  let image;
  try {
    image = await processImage(file.path, target.variant, stagingDir(ctx.config), displayName(file));
  } finally {
    await discardFiles([file.path]);
  }
  const name = `${newMediaName()}.${image.main.ext}`;
  const url = `${target.urlPrefix}${name}`;
  try {
    await storeFiles(ctx, [{ url, path: image.main.path }]);
  } finally {
    await discardFiles([image.main.path]);
  }
  const { swapped, previous } = await swapUrl(ctx.db, slot, url, ctx.clock.now().toISOString());
  if (!swapped) {
    await removeStoredMedia(ctx, [url]);
    throw badRequest('Das Foto konnte nicht gespeichert werden. Bitte versuch es noch mal.');
  }
  if (previous) await removeStoredMedia(ctx, [previous]);
  return url;
}

/** Empties the slot and removes the file it pointed at. */
export async function clearImage(ctx: AppContext, slot: ImageSlot): Promise<void> {
  const { previous } = await swapUrl(ctx.db, slot, null, ctx.clock.now().toISOString());
  if (previous) await removeStoredMedia(ctx, [previous]);
}
