import { ownDogIds } from '#core/auth/ownership.repo.js';
import type { ExportSection } from '#core/export/index.js';
import { listTrips } from './trips.service.js';

/** The trips of the user's own dogs with their checks as of the export, in `daten/reisen.json`. */
export const tripsExport: ExportSection = async (ctx, actor, out) => {
  const trips = [];
  for (const dogId of await ownDogIds(ctx.db, actor.id)) trips.push(...(await listTrips(ctx, actor, dogId)).items);
  if (trips.length) out.json('daten', 'reisen.json', trips);
};
