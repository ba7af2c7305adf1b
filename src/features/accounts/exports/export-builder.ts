import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { DAY } from '../../../core/clock.js';
import type { AppContext } from '../../../core/context.js';
import { zipExportWriter } from '../../../core/export/index.js';
import { userMediaDir } from '../../../core/media/paths.js';
import { notify } from '../../../core/push/index.js';
import { findUserById } from '../accounts/index.js';
import { markFailed, markReady, requeue, type ExportRow } from './exports.repo.js';
import { readme } from './readme.js';

/** Decisions (Accounts: export): a ready export can be downloaded for 7 days, then it is deleted. */
export const EXPORT_KEEP_MS = 7 * DAY;
/** A build that fails is tried again by the next runs, this often in all. */
export const MAX_ATTEMPTS = 3;

/** Exports live where the user's media live (media/u/<id>/exports), so they move with them to an object store later. */
export const exportsDir = (ctx: Pick<AppContext, 'config'>, userId: number) => join(userMediaDir(ctx.config.mediaDir, userId), 'exports');

/**
 * Builds one claimed export: the ZIP streams into `<id>-<random>.zip.part` and is renamed only when complete, so no
 * half file is ever offered; the row turns ready with its size and expiry. Leftover parts of an earlier, interrupted
 * try (a server killed mid-export) go first. A failure is retried up to MAX_ATTEMPTS, then the export is failed.
 */
export async function buildExport(ctx: AppContext, row: ExportRow): Promise<boolean> {
  const dir = exportsDir(ctx, row.user_id);
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) if (name.startsWith(`${row.id}-`) && name.endsWith('.part')) await rm(join(dir, name), { force: true });
  const name = `${row.id}-${randomBytes(12).toString('base64url')}.zip`;
  const part = join(dir, `${name}.part`);
  const now = ctx.clock.now();
  try {
    const actor = await findUserById(ctx.db, row.user_id);
    if (!actor) throw new Error('the account is gone');
    const zip = new ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(part));
    const out = zipExportWriter(zip, now);
    out.text('LIESMICH.txt', readme(ctx.config.appName, now, ctx.config.timeZone));
    for (const section of ctx.exportSections) await section(ctx, actor, out);
    zip.end();
    await written;
    await rename(part, join(dir, name));
    const size = (await stat(join(dir, name))).size;
    const done = ctx.clock.now();
    await markReady(ctx.db, row.id, `exports/${name}`, size, done.toISOString(), new Date(done.getTime() + EXPORT_KEEP_MS).toISOString());
  } catch (err) {
    await rm(part, { force: true });
    await rm(join(dir, name), { force: true });
    const final = row.attempts >= MAX_ATTEMPTS;
    ctx.log.error({ err, exportId: row.id, attempt: row.attempts, final }, 'data export failed');
    if (final) await markFailed(ctx.db, row.id, ctx.clock.now().toISOString());
    else await requeue(ctx.db, row.id);
    return false;
  }
  await notify(
    ctx,
    row.user_id,
    'data_export',
    {
      title: 'Dein Datenexport ist fertig',
      body: 'Du kannst ihn jetzt 7 Tage lang im Profil herunterladen.',
      url: '/app/profil#export',
      tag: `export-${row.id}`,
    },
    { dedupeKey: `export:${row.id}` },
  );
  return true;
}
