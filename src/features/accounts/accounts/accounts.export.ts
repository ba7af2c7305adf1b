import type { ExportSection } from '#core/export/index.js';
import { toCurrentUser } from './user-view.js';

/** The profile as the app shows it to its owner (`daten/profil.json`; no password hash, no tokens) and the avatar. */
export const accountsExport: ExportSection = async (ctx, actor, out) => {
  out.json('daten', 'profil.json', toCurrentUser(actor));
  if (actor.avatar_url) await out.media('medien', 'profilbild', actor.avatar_url);
};
