import { ownDogIds } from '#core/auth/ownership.repo.js';
import type { ExportSection } from '#core/export/index.js';
import { dosesOfDogs } from './doses.repo.js';

/** Every dose of the user's own dogs, in `daten/gaben.json`. */
export const dosesExport: ExportSection = async (ctx, actor, out) => {
  const doses = await dosesOfDogs(ctx.db, await ownDogIds(ctx.db, actor.id));
  if (doses.length) out.json('daten', 'gaben.json', doses);
};
