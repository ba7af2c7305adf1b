import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DAY } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { zipExportWriter } from '#core/export/index.js';
import { exportKey } from '#core/media/paths.js';
import { stagingDir } from '#core/media/storage.js';
import { contentTypeOf } from '#core/media/store/index.js';
import { notify } from '#core/push/index.js';
import { findUserById } from '../accounts/index.js';
import { markFailed, markReady, requeue, type ExportRow } from './exports.repo.js';
import { readme } from './readme.js';

/** Decisions (Accounts: export): a ready export can be downloaded for 7 days, then it is deleted. */
export const EXPORT_KEEP_MS = 7 * DAY;
/** A build that fails is tried again by the next runs, this often in all. */
export const MAX_ATTEMPTS = 3;

/**
 * Builds one claimed export: the ZIP streams into the local staging folder as `export-<id>-<random>.zip.part`, and
 * only the complete file is put into the store, beside the user's media (u/<id>/exports/…), so no half file is
 * ever offered and any instance can serve the download; the row turns ready with its size and expiry. Leftover
 * parts of an earlier, interrupted try (a server killed mid-export) go first. A failure is retried up to
 * MAX_ATTEMPTS, then the export is failed.
 */
export async function buildExport(ctx: AppContext, row: ExportRow): Promise<boolean> {
  const staging = stagingDir(ctx.config);
  await mkdir(staging, { recursive: true });
  for (const name of await readdir(staging)) if (name.startsWith(`export-${row.id}-`)) await rm(join(staging, name), { force: true });
  const name = `${row.id}-${randomBytes(12).toString('base64url')}.zip`;
  const part = join(staging, `export-${name}.part`);
  const file = `exports/${name}`;
  const now = ctx.clock.now();
  try {
    const actor = await findUserById(ctx.db, row.user_id);
    if (!actor) throw new Error('the account is gone');
    const { ZipFile } = await import('yazl'); // loads with the first export, not at start
    const zip = new ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(part));
    const out = zipExportWriter(zip, now, ctx.media);
    out.text('', 'LIESMICH.txt', readme(ctx.config.appName, now, ctx.config.timeZone));
    for (const section of ctx.exportSections) await section(ctx, actor, out);
    // Which file in the ZIP a JSON row's media URL means: the URLs stop working with the account, the files do not.
    if (out.files.length) out.json('daten', 'dateien.json', out.files);
    zip.end();
    await written;
    const size = (await stat(part)).size;
    const key = exportKey(row.user_id, file);
    await ctx.media.putFiles([{ key, path: part, contentType: contentTypeOf(key) }]);
    const done = ctx.clock.now();
    await markReady(ctx.db, row.id, file, size, done.toISOString(), new Date(done.getTime() + EXPORT_KEEP_MS).toISOString());
    await rm(part, { force: true }); // the local driver moved it; the s3 driver uploaded a copy
  } catch (err) {
    await rm(part, { force: true });
    await ctx.media.remove([exportKey(row.user_id, file)]).catch(() => undefined);
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
