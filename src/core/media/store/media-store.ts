import type { Readable } from 'node:stream';
import { serviceUnavailable } from '../../http/route/errors.js';

/**
 * Where users' files live once they are accepted: on the local disk (`MEDIA_STORAGE=local`, DATA_DIR/media, the
 * default) or in an S3-compatible object store (`MEDIA_STORAGE=s3`), so several instances share them. Every area
 * stores, reads and deletes files only through this interface (the lint rule `house/media-through-store` keeps
 * `config.mediaDir` inside core/media). Uploads are checked and re-encoded in a local staging folder first; only
 * finished files are put here.
 *
 * Keys are the part of a media URL after `/media/`: `u/<userId>/dogs/<dogId>/diary/<name>.jpg`. They are built by
 * the app from numbers and random names, never from user input, and checked again by `assertMediaKey`.
 */

export interface FileToStore {
  key: string;
  /** A finished file in the staging folder. The local driver moves it; the s3 driver uploads it and leaves it. */
  path: string;
  contentType: string;
}

export interface StoredInfo {
  size: number;
  /** A strong validator, quoted, as it goes into the ETag header. */
  etag: string;
  modifiedAt: Date;
}

export interface StoredEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte positions, as in a Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStore {
  readonly driver: 'local' | 's3';
  /** The start-up check: the folder is writable, or the bucket exists and the keys may list it. Throws a German message. */
  check(): Promise<void>;
  /** Stores finished files, all or none: when one fails, the ones already stored are removed again. Durable when it resolves. */
  putFiles(files: readonly FileToStore[]): Promise<void>;
  /** Size and validator of a stored file, or undefined when there is none. */
  stat(key: string): Promise<StoredInfo | undefined>;
  /** The file (or a byte range of it) as a stream, or undefined when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** A small file whole (a photo for a PDF or a poster), or undefined when there is none. */
  readBuffer(key: string): Promise<Buffer | undefined>;
  /** Removes files; a file that is gone already is fine. */
  remove(keys: readonly string[]): Promise<void>;
  /** Removes every file below a prefix ending in "/" (a dog's or a user's files). */
  removePrefix(prefix: string): Promise<void>;
  /** Every stored file below a prefix, in key order (the orphan sweep, the copy command). */
  list(prefix: string): AsyncIterable<StoredEntry>;
}

/** The one answer a user gets when the store cannot be reached: nothing was written, try again. */
export const storageUnavailable = () =>
  serviceUnavailable('Fotos und Dateien können gerade nicht gespeichert oder geladen werden. Bitte versuch es gleich noch mal.', 'storage_unavailable');

/** Keys are made of numbers, fixed folder names and random names: no "..", no leading "/", nothing else. */
const KEY = /^u\/\d+\/(?:[a-z]+\/)*(?:dogs\/\d+\/[a-z]+\/)?[A-Za-z0-9_-]+(?:\.[a-z]+){1,2}$/;
const PREFIX = /^u\/(?:\d+\/(?:dogs\/\d+\/(?:[a-z]+\/)?|[a-z]+\/)?)?$/;

/**
 * With an object store, backups keep a snapshot's database copy and manifest beside the media (platform/backup):
 * `backups/<snapshot name>/<file>`. /media serves only what an area's rule names, and no rule names these.
 */
const BACKUP_KEY = /^backups\/[0-9TZ-]{20,40}\/(?:manifest\.json|database\.sqlite|database\.pgdump)$/;
const BACKUP_PREFIX = /^backups\/(?:[0-9TZ-]{20,40}\/)?$/;

export function assertMediaKey(key: string): string {
  if (!KEY.test(key) && !BACKUP_KEY.test(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}

export function assertMediaPrefix(prefix: string): string {
  if (!PREFIX.test(prefix) && !BACKUP_PREFIX.test(prefix)) throw new Error(`not a media prefix: ${JSON.stringify(prefix)}`);
  return prefix;
}

const TYPES: Record<string, string> = { jpg: 'image/jpeg', webp: 'image/webp', pdf: 'application/pdf', zip: 'application/zip' };

/** The content type of a stored file, from the extension the app gave it. */
export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
