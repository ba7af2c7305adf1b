import { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import type { Actor } from '../auth/session-user.js';
import { mediaKeyOf } from '../media/storage.js';
import type { MediaStore } from '../media/store/media-store.js';
import type { AppContext } from '../context.js';

/**
 * What an area writes into a user's data export (DSGVO Art. 15 and 20). Names are paths inside the ZIP
 * ("daten/hunde.json", "medien/…"). Files on disk are read only when the ZIP reaches them (yazl reads them as a
 * stream), so 2 GB of photos pass through a small, steady amount of memory.
 */
export interface ExportWriter {
  /** Pretty JSON with the API's field names. */
  json(name: string, data: unknown): void;
  text(name: string, text: string): void;
  buffer(name: string, data: Buffer): void;
  /**
   * A stored file (an original upload) by its media URL, under `name` plus the file's extension; read from the store
   * only when the ZIP reaches it. A file that is gone (or a URL that is not ours) is left out: false.
   */
  media(name: string, url: string): Promise<boolean>;
  /**
   * A JSON array written as the ZIP reaches it, page by page from `pages` (called then, not now): a diary of 5,000
   * entries is never held in memory at once.
   */
  jsonPages(name: string, pages: () => AsyncIterable<unknown[]>): void;
  /** Every name written so far (sections use it to keep names unique). */
  readonly names: ReadonlySet<string>;
}

/**
 * A piece of the export that an area contributes (registered in routes.ts, like the account-deletion steps). It runs
 * as the user (`actor`), so it can reuse the area's own services and their rules: nothing another user may not show.
 */
export type ExportSection = (ctx: AppContext, actor: Actor, out: ExportWriter) => Promise<void>;

/** Names inside the ZIP: no path tricks, no characters that break on Windows; a second use gets " (2)". */
export function safeEntryName(name: string, taken: ReadonlySet<string>): string {
  const clean = name
    .split('/')
    .map(
      (part) =>
        part
          .replace(/[<>:"\\|?*\u0000-\u001f]/g, '_')
          .replace(/^\.+$/, '_')
          .slice(0, 120) || '_',
    )
    .join('/');
  if (!taken.has(clean)) return clean;
  const dot = clean.lastIndexOf('.');
  const [stem, ext] = dot > clean.lastIndexOf('/') ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
  for (let n = 2; ; n++) if (!taken.has(`${stem} (${n})${ext}`)) return `${stem} (${n})${ext}`;
}

/** `[`, the items of every page as pretty JSON, `]`: the same text as JSON.stringify(all, null, 2), in pieces. */
async function* jsonArrayText(pages: () => AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages()) {
    for (const item of page) {
      yield `${first ? '' : ','}\n  ${JSON.stringify(item, null, 2).replace(/\n/g, '\n  ')}`;
      first = false;
    }
  }
  yield first ? ']\n' : '\n]\n';
}

/** An ExportWriter over a yazl ZipFile; `zip.outputStream` is the ZIP as it is written. */
export function zipExportWriter(zip: ZipFile, now: Date, store: MediaStore): ExportWriter {
  const names = new Set<string>();
  const take = (name: string) => {
    const safe = safeEntryName(name, names);
    names.add(safe);
    return safe;
  };
  return {
    names,
    json: (name, data) => zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2) + '\n', 'utf8'), take(name), { mtime: now }),
    text: (name, text) => zip.addBuffer(Buffer.from(text, 'utf8'), take(name), { mtime: now }),
    buffer: (name, data) => zip.addBuffer(data, take(name), { mtime: now }),
    // Photos are compressed already: stored as they are, deflating them would cost CPU and memory for nothing.
    async media(name, url) {
      const key = mediaKeyOf(url);
      const info = key ? await store.stat(key) : undefined;
      if (!key || !info) return false;
      zip.addReadStreamLazy(take(`${name}${key.slice(key.lastIndexOf('.'))}`), { mtime: now, compress: false, size: info.size }, (done) => {
        store.read(key).then(
          (stream) => (stream ? done(null, stream) : done(new Error(`media file gone during the export: ${key}`), undefined as never)),
          (err: Error) => done(err, undefined as never),
        );
      });
      return true;
    },
    jsonPages: (name, pages) => zip.addReadStream(Readable.from(jsonArrayText(pages)), take(name), { mtime: now }),
  };
}
