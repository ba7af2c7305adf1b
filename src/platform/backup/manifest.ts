import { z } from 'zod';

/**
 * A snapshot's manifest.json: what it holds and how to check it. Written last, after every file is complete and on
 * disk, and the snapshot folder gets its final name only after that — so a folder with a manifest is a whole
 * snapshot, and a backup killed midway leaves only a `.partial` folder behind.
 */

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'pfotenbuch-backup';

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const FileEntry = z.object({ key: z.string().min(1), size: z.number().int().min(0), sha256: Sha256 });

export const Manifest = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(1),
  name: z.string().regex(/^[0-9TZ-]{20,40}$/),
  created_at: z.string(),
  app_build: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** The migrations the database had: a snapshot from a newer schema names one this app does not know. */
  migrations: z.array(z.string()),
  /** Rows per table, as of the copy. */
  tables: z.record(z.string(), z.number().int().min(0)),
  database: z.object({ file: z.enum(['database.sqlite', 'database.pgdump']), size: z.number().int().min(0), sha256: Sha256 }),
  media: z.discriminatedUnion('driver', [
    z.object({ driver: z.literal('local'), files: z.array(FileEntry) }),
    z.object({ driver: z.literal('s3'), bucket: z.string(), objects: z.array(z.object({ key: z.string(), size: z.number().int().min(0) })) }),
  ]),
  /** Bytes of the database copy and the media files in the snapshot (objects held by the store not counted). */
  size_bytes: z.number().int().min(0),
  duration_ms: z.number().int().min(0),
});
export type Manifest = z.infer<typeof Manifest>;

/** A snapshot as the admin and the retention see it. */
export interface SnapshotSummary {
  name: string;
  created_at: string;
  size_bytes: number;
  engine: 'sqlite' | 'postgres';
  media_files: number;
}

export const summaryOf = (m: Manifest): SnapshotSummary => ({
  name: m.name,
  created_at: m.created_at,
  size_bytes: m.size_bytes,
  engine: m.engine,
  media_files: m.media.driver === 'local' ? m.media.files.length : m.media.objects.length,
});

/** The snapshot's folder name: its UTC time, sortable, and safe in any file system ("2026-11-26T03-15-00Z"). */
export const snapshotNameOf = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
