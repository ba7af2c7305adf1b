import { ownDogIds } from '#core/auth/ownership.repo.js';
import type { ExportSection } from '#core/export/index.js';
import { findDogs } from './dogs.repo.js';

/** The user's own dogs as `daten/hunde.json`, and each dog's photo under `medien/hunde/`. */
export const dogsExport: ExportSection = async (ctx, actor, out) => {
  const dogs = await findDogs(ctx.db, await ownDogIds(ctx.db, actor.id));
  out.json('daten', 'hunde.json', dogs);
  for (const dog of dogs) if (dog.photo_url) await out.media('medien/hunde', `${dog.name} ${dog.id}`, dog.photo_url);
};
