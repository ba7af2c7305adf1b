import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSnapshots, makeSnapshot, restoreSnapshot, verifySnapshot, type Manifest } from '#platform/backup/index.js';
import { integrityOfSqlite } from '#platform/db/snapshot.js';
import { PDF, makeJpeg } from '../fakes/photos.js';
import { buildDiaryEntry, buildDiaryMedia, buildDog, buildInvoice, buildUser } from '../helpers/factories.js';
import { storedBytes, storeTestFile, TEST_MEDIA_STORAGE } from '../helpers/media.js';
import { contentOf, createInstallation, type Installation } from './backup.test-support.js';

/**
 * Backups that restore (issue: backups). A round trip on the engine of this run (SQLite, or PostgreSQL in CI's
 * second pass, with media in S3 there), a snapshot under writers, damaged snapshots refused with the data untouched.
 * Retention and the crash case are in backup-retention.test.ts, the CLI in backup-cli.test.ts.
 */

let inst: Installation;
let root: string;
const photos: string[] = [];
let documentUrl = '';

beforeAll(async () => {
  inst = await createInstallation();
  root = mkdtempSync(join(tmpdir(), 'pfotenbuch-snapshots-'));
  const { ctx } = inst;
  for (let u = 0; u < 3; u++) {
    const user = await buildUser(ctx);
    const dog = await buildDog(ctx, { user_id: user.id } as never);
    for (let e = 0; e < 3; e++) {
      const entry = await buildDiaryEntry(ctx, { dog, text: `Spaziergang ${u}-${e} am Fluss` });
      const media = await buildDiaryMedia(ctx, { entry });
      await storeTestFile(ctx, media.url, await makeJpeg({ width: 40 + e, height: 30 }));
      photos.push(media.url);
    }
    documentUrl = `/media/u/${user.id}/dogs/${dog.id}/documents/impfpass${u}.pdf`;
    await storeTestFile(ctx, documentUrl, PDF);
    const now = ctx.clock.now().toISOString();
    await ctx.db
      .insertInto('health_documents')
      .values({
        dog_id: dog.id,
        title: 'Impfpass',
        date: '2026-01-02',
        category: 'impfung',
        url: documentUrl,
        mime_type: 'application/pdf',
        bytes: PDF.length,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await buildInvoice(ctx, { user });
  }
});

afterAll(async () => {
  await inst?.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('backup and restore: the round trip', () => {
  let manifest: Manifest;
  let before: Awaited<ReturnType<typeof contentOf>>;

  it('makes a snapshot with a manifest: schema, row counts, a checksum of every file', async () => {
    before = await contentOf(inst.ctx.db, inst.ctx.engine);
    manifest = await makeSnapshot(inst.ctx, root);
    expect(manifest.engine).toBe(inst.ctx.engine);
    expect(manifest.migrations.length).toBeGreaterThan(30);
    expect(manifest.tables.users).toBe(before.users!.rows);
    expect(manifest.tables.diary_entries).toBe(9);
    expect(manifest.tables.invoices).toBe(3);
    expect(manifest.database.sha256).toMatch(/^[0-9a-f]{64}$/);
    if (TEST_MEDIA_STORAGE === 'local') {
      if (manifest.media.driver !== 'local') throw new Error('local media expected');
      expect(manifest.media.files).toHaveLength(12);
      expect(manifest.media.files.every((f) => /^[0-9a-f]{64}$/.test(f.sha256))).toBe(true);
    } else {
      if (manifest.media.driver !== 's3') throw new Error('s3 media expected');
      expect(manifest.media.objects).toHaveLength(12); // the bucket holds them; the snapshot lists them
    }
    expect((await listSnapshots(root)).map((m) => m.name)).toEqual([manifest.name]);
  });

  it('after the data is lost, restore brings back every row and every photo', async () => {
    await inst.stop();
    await inst.wipe();
    const result = await restoreSnapshot(join(root, manifest.name), {
      config: inst.ctx.config,
      engine: inst.ctx.engine,
      storedKeys: async () => new Set(photos.map((u) => u.slice('/media/'.length))),
      now: new Date(),
    });
    expect(result.manifest.name).toBe(manifest.name);
    await inst.start();
    expect(await contentOf(inst.ctx.db, inst.ctx.engine)).toEqual(before);
    for (const url of photos) {
      const bytes = await storedBytes(inst.ctx, url);
      expect(bytes, url).toBeDefined();
      expect((await sharp(bytes!).metadata()).format).toBe('jpeg');
    }
    expect((await storedBytes(inst.ctx, documentUrl))?.equals(PDF)).toBe(true);
    if (inst.ctx.engine === 'sqlite') expect(integrityOfSqlite(join(inst.dataDir, 'pfotenbuch.sqlite'))).toBe('ok');
  });
});

describe('a snapshot while writers run', () => {
  it('holds every write acknowledged before it began, and the copy passes the integrity check', async () => {
    const { ctx } = inst;
    const dog = await buildDog(ctx);
    const acknowledged: number[] = [];
    for (let i = 0; i < 200; i++) acknowledged.push((await buildDiaryEntry(ctx, { dog, text: `vorher ${i}` })).id);
    let writing = true;
    let duringSnapshot = 0;
    const writer = (async () => {
      while (writing) {
        await buildDiaryEntry(ctx, { dog, text: 'währenddessen' });
        duringSnapshot++;
        // Requests arrive as I/O events; SQLite's driver answers within the same turn, so without this the loop
        // would never let the event loop see the snapshot's worker finish.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    let manifest: Manifest;
    try {
      manifest = await makeSnapshot(ctx, root);
    } finally {
      writing = false;
      await writer;
    }
    expect(duringSnapshot).toBeGreaterThan(0); // the app kept writing while the copy ran
    const dir = join(root, manifest.name);
    await verifySnapshot(dir, ctx.engine);
    expect(manifest.tables.diary_entries).toBeGreaterThanOrEqual(9 + 200);
    if (ctx.engine === 'sqlite') {
      const file = join(dir, 'database.sqlite');
      expect(integrityOfSqlite(file)).toBe('ok');
      const SQLite = (await import('better-sqlite3')).default;
      const copy = new SQLite(file, { readonly: true });
      const ids = new Set((copy.prepare('select id from diary_entries').pluck().all() as number[]).map(Number));
      copy.close();
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      expect(ids.size).toBe(manifest.tables.diary_entries);
    }
  });
});

describe('a damaged snapshot is refused before anything is touched', () => {
  let source: string;
  let copyNo = 0;
  const copyOf = (dir: string) => {
    const target = join(root, `kaputt-${++copyNo}`);
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const from = join(entry.parentPath, entry.name);
      const to = join(target, from.slice(dir.length));
      mkdirSync(join(to, '..'), { recursive: true });
      writeFileSync(to, readFileSync(from));
    }
    return target;
  };

  const target = () => ({ config: inst.ctx.config, engine: inst.ctx.engine, now: new Date() });

  beforeAll(async () => {
    source = join(root, (await listSnapshots(root)).at(-1)!.name);
  });

  async function expectRefused(dir: string, message: RegExp): Promise<void> {
    const before = await contentOf(inst.ctx.db, inst.ctx.engine);
    const folder = readdirSync(inst.dataDir).sort();
    await inst.stop();
    try {
      await expect(restoreSnapshot(dir, target())).rejects.toThrow(message);
    } finally {
      await inst.start();
    }
    expect(await contentOf(inst.ctx.db, inst.ctx.engine)).toEqual(before);
    expect(readdirSync(inst.dataDir).sort()).toEqual(folder); // nothing put aside either
  }

  /** A copy of the snapshot whose manifest `edit` changed (by hand, as an operator or a damaged editor would). */
  const withManifest = (edit: (m: Manifest) => void) => {
    const dir = copyOf(source);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    edit(manifest);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    return dir;
  };

  it('a manifest whose row count was edited (the copy says otherwise)', async () => {
    const dir = withManifest((m) => (m.tables.dogs! += 5));
    const copy = JSON.parse(readFileSync(join(source, 'manifest.json'), 'utf8')) as Manifest;
    const rows = copy.tables.dogs!;
    await expectRefused(
      dir,
      new RegExp(
        `passt nicht zu ihrem manifest\\.json: dogs: ${rows} Zeilen in der Kopie, ${rows + 5} Zeilen laut manifest\\.json\\. Es wurde nichts verändert`,
      ),
    );
  });

  it('a manifest without a table the copy has', async () => {
    const dir = withManifest((m) => delete m.tables.invoices);
    await expectRefused(dir, /invoices: 3 Zeilen in der Kopie, fehlt laut manifest\.json/);
  });

  it('a manifest whose schema version was edited (an older one this app knows)', async () => {
    const dir = withManifest((m) => void m.migrations.pop());
    const copy = JSON.parse(readFileSync(join(source, 'manifest.json'), 'utf8')) as Manifest;
    const [last, previous] = [copy.migrations.at(-1)!, copy.migrations.at(-2)!];
    await expectRefused(dir, new RegExp(`Datenbankkopie hat Schema ${last} .*manifest\\.json nennt ${previous} .*Es wurde nichts verändert`));
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('a copy whose own schema is newer than this app, though its manifest says otherwise', async () => {
    const dir = copyOf(source);
    const file = join(dir, 'database.sqlite');
    const SQLite = (await import('better-sqlite3')).default;
    const copy = new SQLite(file);
    copy.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999_from_the_future', new Date().toISOString());
    copy.close();
    // The checksum made to fit: only the copy's own schema can tell.
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    manifest.database = { ...manifest.database, size: statSync(file).size, sha256: createHash('sha256').update(readFileSync(file)).digest('hex') };
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    await expectRefused(dir, /Datenbankkopie stammt von einer neueren Version der App \(Schema 9999_from_the_future\)/);
  });

  it('a truncated database copy', async () => {
    const dir = copyOf(source);
    const file = join(dir, inst.ctx.engine === 'sqlite' ? 'database.sqlite' : 'database.pgdump');
    truncateSync(file, Math.floor(readFileSync(file).length / 2));
    await expectRefused(dir, /beschädigt: database\.(sqlite|pgdump)/);
  });

  it.runIf(TEST_MEDIA_STORAGE === 'local')('a changed photo', async () => {
    const dir = copyOf(source);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.media.driver !== 'local') throw new Error('local media expected');
    const photo = join(dir, 'media', manifest.media.files[0]!.key);
    const bytes = readFileSync(photo);
    bytes[bytes.length - 10] = (bytes[bytes.length - 10]! + 1) % 256;
    writeFileSync(photo, bytes);
    await expectRefused(dir, /beschädigt: media\//);
  });

  it('a missing manifest', async () => {
    const dir = copyOf(source);
    rmSync(join(dir, 'manifest.json'));
    await expectRefused(dir, /manifest\.json fehlt/);
  });

  it('a snapshot from a newer schema', async () => {
    const dir = copyOf(source);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    manifest.migrations.push('9999_from_the_future');
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    await expectRefused(dir, /neueren Version der App/);
  });

  it('while the app still serves the data', async () => {
    const run = join(inst.dataDir, 'run');
    mkdirSync(run, { recursive: true });
    writeFileSync(join(run, String(process.ppid)), 'läuft'); // a live process (the test runner) serving this folder
    try {
      await expectRefused(source, /Die App läuft noch/);
    } finally {
      rmSync(join(run, String(process.ppid)));
    }
    expect(existsSync(join(inst.dataDir, 'run'))).toBe(true);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('while an instance on another machine is connected to PostgreSQL', async () => {
    const before = await contentOf(inst.ctx.db, inst.ctx.engine);
    await inst.ctx.db.selectFrom('users').select('id').limit(1).execute(); // the app's pool holds a session
    await expect(restoreSnapshot(source, target())).rejects.toThrow(/noch mit der Datenbank verbunden/);
    expect(await contentOf(inst.ctx.db, inst.ctx.engine)).toEqual(before);
  });
});
