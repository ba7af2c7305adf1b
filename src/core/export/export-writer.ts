import { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import type { Actor } from '../auth/session-user.js';
import { mediaKeyOf } from '../media/storage.js';
import type { MediaStore } from '../media/store/media-store.js';
import type { AppContext } from '../context.js';
import { safeFileName } from './export-name.js';

/**
 * The ZIP's folders (LIESMICH.txt says what is in each): the code names the folder, so user text only ever names a
 * file inside one ('' is the top level).
 */
export type ExportFolder = '' | 'daten' | 'medien' | 'medien/hunde' | 'medien/tagebuch' | 'medien/gesundheit' | 'medien/karte' | 'gesundheit' | 'routen';

/** A stored file the ZIP holds: its media URL (as the JSON files name it) and its path inside the ZIP. */
export interface ExportedFile {
  url: string;
  file: string;
}

/**
 * What an area writes into a user's data export (DSGVO Art. 15 and 20). Each entry is a folder and a file name; the
 * name may be any user text (a dog's name): it is made a safe flat name, unique in its folder (safeFileName).
 * Files on disk are read only when the ZIP reaches them (yazl reads them as a stream), so 2 GB of photos pass
 * through a small, steady amount of memory.
 */
export interface ExportWriter {
  /** Pretty JSON with the API's field names. */
  json(folder: ExportFolder, name: string, data: unknown): void;
  text(folder: ExportFolder, name: string, text: string): void;
  buffer(folder: ExportFolder, name: string, data: Buffer): void;
  /**
   * A stored file (an original upload) by its media URL, named `name` plus the file's extension; read from the store
   * only when the ZIP reaches it. A file that is gone (or a URL that is not ours) is left out: false.
   */
  media(folder: ExportFolder, name: string, url: string): Promise<boolean>;
  /**
   * A JSON array written as the ZIP reaches it, page by page from `pages` (called then, not now): a diary of 5,000
   * entries is never held in memory at once.
   */
  jsonPages(folder: ExportFolder, name: string, pages: () => AsyncIterable<unknown[]>): void;
  /** Every stored file written so far, in order (the builder lists them in daten/dateien.json). */
  readonly files: readonly ExportedFile[];
}

/**
 * A piece of the export that an area contributes (in its manifest's `exportSections`, like the account-deletion steps). It runs
 * as the user (`actor`), so it can reuse the area's own services and their rules: nothing another user may not show.
 */
export type ExportSection = (ctx: AppContext, actor: Actor, out: ExportWriter) => Promise<void>;

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
  const taken = new Map<ExportFolder, Set<string>>();
  const files: ExportedFile[] = [];
  const path = (folder: ExportFolder, name: string) => {
    let names = taken.get(folder);
    if (!names) taken.set(folder, (names = new Set()));
    const file = safeFileName(name, names);
    return folder ? `${folder}/${file}` : file;
  };
  return {
    files,
    json: (folder, name, data) => zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2) + '\n', 'utf8'), path(folder, name), { mtime: now }),
    text: (folder, name, text) => zip.addBuffer(Buffer.from(text, 'utf8'), path(folder, name), { mtime: now }),
    buffer: (folder, name, data) => zip.addBuffer(data, path(folder, name), { mtime: now }),
    // Photos are compressed already: stored as they are, deflating them would cost CPU and memory for nothing.
    async media(folder, name, url) {
      const key = mediaKeyOf(url);
      const info = key ? await store.stat(key) : undefined;
      if (!key || !info) return false;
      const file = path(folder, `${name}${key.slice(key.lastIndexOf('.'))}`);
      files.push({ url, file });
      zip.addReadStreamLazy(file, { mtime: now, compress: false, size: info.size }, (done) => {
        store.read(key).then(
          (stream) => (stream ? done(null, stream) : done(new Error(`media file gone during the export: ${key}`), undefined as never)),
          (err: Error) => done(err, undefined as never),
        );
      });
      return true;
    },
    jsonPages: (folder, name, pages) => zip.addReadStream(Readable.from(jsonArrayText(pages)), path(folder, name), { mtime: now }),
  };
}
