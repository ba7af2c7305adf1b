import { existsSync } from 'node:fs';
import type { ExportSection } from '../../../core/export/index.js';
import { mediaFilePath } from '../../../core/media/storage.js';
import { toCurrentUser } from './user-view.js';

/** The profile as the app shows it to its owner (`daten/profil.json`; no password hash, no tokens) and the avatar. */
export const accountsExport: ExportSection = async (ctx, actor, out) => {
  out.json('daten/profil.json', toCurrentUser(actor));
  const avatar = actor.avatar_url ? mediaFilePath(ctx.config.mediaDir, actor.avatar_url) : undefined;
  if (avatar && existsSync(avatar)) out.file(`medien/profilbild${avatar.slice(avatar.lastIndexOf('.'))}`, avatar);
};
