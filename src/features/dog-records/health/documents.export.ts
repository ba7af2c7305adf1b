import { ownDogIds } from '#core/auth/ownership.repo.js';
import type { ExportSection } from '#core/export/index.js';
import { documentsOfDogs } from './documents.repo.js';

/**
 * The uploaded health documents of the user's own dogs, as they were stored (PDFs byte for byte, images as the
 * pipeline kept them), under `medien/gesundheit/<dog> <title> <id>.<ext>`; their rows are in
 * `daten/health-documents.json` (the record kind's own section).
 */
export const healthDocumentsExport: ExportSection = async (ctx, actor, out) => {
  for (const doc of await documentsOfDogs(ctx.db, await ownDogIds(ctx.db, actor.id)))
    await out.media('medien/gesundheit', `${doc.dog_name} ${doc.title} ${doc.id}`, doc.url);
};
