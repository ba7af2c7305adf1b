import { open } from 'node:fs/promises';
import { requireDogAccess, requireDogRecord } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { AppError, badRequest } from '#core/http/route/errors.js';
import { zodToAppError } from '#core/http/route/zod-errors.js';
import { processImage, type ProcessedImage } from '#core/media/images.js';
import { dogMediaUrlPrefix } from '#core/media/paths.js';
import { discardFiles, mediaKeyOf, MEDIA_NAME_PATTERN, newMediaName, removeStoredMedia, stagingDir, storeFiles } from '#core/media/storage.js';
import { displayName } from '#core/media/upload.js';
import { assertRoomFor, insertWithinLimit } from '#core/records/record-kind.js';
import type { RecordRow } from '#core/records/records.repo.js';
import { healthDocuments } from './health.kinds.js';
import { HealthDocumentFields, type HealthDocument } from './health.schemas.js';
import { findDocumentByUrl } from './documents.repo.js';

/**
 * Health documents: PDFs (recognised by their magic bytes, never by name or declared type) are stored as they
 * are; images go through the image pipeline (re-encoded, metadata stripped). Files live beside the dog's other
 * files (…/dogs/<dogId>/health/), so deleting the dog or the account removes them.
 */

const PDF_MAGIC = Buffer.from('%PDF-');
/** /media/u/<userId>/dogs/<dogId>/health/<name>.<pdf|jpg|webp> */
export const HEALTH_FILE_URL = new RegExp(`^/media/(u/\\d+/dogs/\\d+/health/${MEDIA_NAME_PATTERN}\\.(?:pdf|jpg|webp))$`);

async function startsWithPdfMagic(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    // Some writers put a few bytes before the header; readers accept it within the first 1024 bytes.
    return head.subarray(0, bytesRead).includes(PDF_MAGIC);
  } finally {
    await handle.close();
  }
}

const notAccepted = (name: string) =>
  new AppError(415, 'unsupported_document', `„${name}“: Das ist weder ein PDF noch ein Bild, das wir annehmen (PDF, JPEG, PNG, WebP, HEIF).`);

/** All or nothing: check and convert in the staging folder, move into place, insert the row; remove files if the insert fails. */
export async function addDocument(
  ctx: AppContext,
  actor: Actor,
  dogId: number,
  fields: unknown,
  file: Express.Multer.File | undefined,
): Promise<HealthDocument> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, healthDocuments.needs.create);
  if (!file) throw badRequest('Bitte wähle eine Datei aus.', { file: 'Bitte wähle eine Datei aus.' });
  const parsed = HealthDocumentFields.safeParse(fields ?? {}, { reportInput: true });
  if (!parsed.success) throw zodToAppError(parsed.error);
  healthDocuments.check?.(ctx, parsed.data);
  await assertRoomFor(ctx.db, healthDocuments, dog.dog_id);

  const name = displayName(file);
  const staged: string[] = [];
  try {
    let from: string;
    let ext: 'pdf' | 'jpg' | 'webp';
    let mime: string;
    let bytes: number;
    if (await startsWithPdfMagic(file.path)) {
      from = file.path;
      ext = 'pdf';
      mime = 'application/pdf';
      bytes = file.size;
    } else {
      let image: ProcessedImage;
      try {
        image = await processImage(file.path, 'diary', stagingDir(ctx.config), name);
      } catch (err) {
        if (err instanceof AppError && err.status === 415) throw notAccepted(name);
        throw err;
      }
      staged.push(image.main.path, ...(image.preview ? [image.preview.path] : []));
      from = image.main.path;
      ext = image.main.ext;
      mime = ext === 'jpg' ? 'image/jpeg' : 'image/webp';
      bytes = image.main.bytes;
    }
    const fileName = `${newMediaName()}.${ext}`;
    const url = `${dogMediaUrlPrefix(dog.owner_id, dog.dog_id)}health/${fileName}`;
    await storeFiles(ctx, [{ url, path: from }]);
    const now = ctx.clock.now().toISOString();
    try {
      const row = await insertWithinLimit(ctx, healthDocuments, dog.dog_id, {
        ...parsed.data,
        dog_id: dog.dog_id,
        url,
        mime_type: mime,
        bytes,
        created_at: now,
        updated_at: now,
      });
      return row as unknown as HealthDocument;
    } catch (err) {
      await removeStoredMedia(ctx, [url]);
      throw err;
    }
  } finally {
    await discardFiles([file.path, ...staged]);
  }
}

/** After a document's row is gone: its file. Never throws (the database is right already). */
export async function removeDocumentFile(ctx: AppContext, row: RecordRow): Promise<void> {
  if (typeof row.url === 'string') await removeStoredMedia(ctx, [row.url]);
}

/** The file behind a /media URL if the actor may read the document: missing → 404, no access → 403. */
export async function documentFile(ctx: AppContext, actor: Actor, url: string): Promise<{ key: string; mime: string; title: string }> {
  const key = HEALTH_FILE_URL.test(url) ? mediaKeyOf(url) : undefined;
  const row = key ? await findDocumentByUrl(ctx.db, url) : undefined;
  const doc = await requireDogRecord(ctx.db, actor, row, 'read', { missing: 'Diese Datei gibt es nicht.', foreign: 'Diese Datei gehört jemand anderem.' });
  return { key: key ?? '', mime: doc.mime_type, title: doc.title };
}
