import { existsSync } from 'node:fs';
import { ownDogIds } from '../../../core/auth/ownership.repo.js';
import type { ExportSection } from '../../../core/export/index.js';
import { mediaFilePath } from '../../../core/media/storage.js';
import { findDogs } from './dogs.repo.js';

/** The user's own dogs as `daten/hunde.json`, and each dog's photo under `medien/hunde/`. */
export const dogsExport: ExportSection = async (ctx, actor, out) => {
  const dogs = await findDogs(ctx.db, await ownDogIds(ctx.db, actor.id));
  out.json('daten/hunde.json', dogs);
  for (const dog of dogs) {
    const path = dog.photo_url ? mediaFilePath(ctx.config.mediaDir, dog.photo_url) : undefined;
    if (path && existsSync(path)) out.file(`medien/hunde/${dog.name}-${dog.id}${path.slice(path.lastIndexOf('.'))}`, path);
  }
};
