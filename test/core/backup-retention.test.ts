import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { backupSnapshotJob, backupStatus, listSnapshots, makeSnapshot, planRetention, snapshotPlaceOf, verifySnapshot } from '#platform/backup/index.js';
import { PROJECT_ROOT } from '#core/paths.js';
import { makeJpeg } from '../fakes/photos.js';
import { buildAdmin, buildDiaryEntry, buildDiaryMedia, buildDog, sessionCookie } from '../helpers/factories.js';
import { storeTestFile, TEST_MEDIA_STORAGE } from '../helpers/media.js';
import { createInstallation, type Installation } from './backup.test-support.js';

/** The nightly job's retention over 40 nights, the digest's view of a missing backup, and a backup killed midway. */

const DAY = 24 * 60 * 60 * 1000;

describe('retention: which snapshots stay', () => {
  const nightly = (nights: number, from = Date.parse('2026-10-01T01:15:00Z')) =>
    Array.from({ length: nights }, (_, i) => {
      const at = new Date(from + i * DAY).toISOString();
      return { name: at, created_at: at };
    });

  it('after 40 nights: the last 7 days, then the newest of each of the 4 weeks before them', () => {
    const plan = planRetention(nightly(40), { daily: 7, weekly: 4 }, 'Europe/Berlin');
    const days = plan.keep.map((s) => s.created_at.slice(0, 10));
    // 2026-10-01 + 39 days = 2026-11-09 (a Monday); the 7 newest days, then the Sundays of the weeks before.
    expect(days).toEqual([
      '2026-11-09',
      '2026-11-08',
      '2026-11-07',
      '2026-11-06',
      '2026-11-05',
      '2026-11-04',
      '2026-11-03',
      '2026-11-02',
      '2026-11-01',
      '2026-10-25',
      '2026-10-18',
    ]);
    expect(plan.remove).toHaveLength(29);
  });

  it('keeps everything while there are fewer snapshots than places, and the newest of a day with two', () => {
    const extra = { name: 'manual', created_at: '2026-10-03T15:00:00.000Z' };
    const plan = planRetention([...nightly(5), extra], { daily: 7, weekly: 4 }, 'Europe/Berlin');
    expect(plan.keep).toHaveLength(5);
    expect(plan.keep).toContain(extra);
    expect(plan.remove.map((s) => s.created_at)).toEqual(['2026-10-03T01:15:00.000Z']);
  });

  it('counts days in the app time zone: 23:30 UTC is already the next day in Berlin', () => {
    const a = { name: 'a', created_at: '2026-10-05T23:30:00.000Z' }; // 06.10. 01:30 Berlin
    const b = { name: 'b', created_at: '2026-10-06T12:00:00.000Z' }; // 06.10. Berlin
    const plan = planRetention([a, b], { daily: 7, weekly: 0 }, 'Europe/Berlin');
    expect(plan.keep).toEqual([b]);
  });
});

describe('the nightly job over 40 nights', () => {
  let inst: Installation;
  let now = Date.parse('2026-10-01T01:15:00Z');

  beforeAll(async () => {
    inst = await createInstallation({ clock: { now: () => new Date(now) } });
    const entry = await buildDiaryEntry(inst.ctx, { dog: await buildDog(inst.ctx) });
    await storeTestFile(inst.ctx, (await buildDiaryMedia(inst.ctx, { entry })).url, await makeJpeg());
  });
  afterAll(async () => inst?.dispose());

  it('leaves exactly 7 daily and 4 weekly snapshots, each whole, in the folder or (with an object store) the bucket', async () => {
    for (let night = 0; night < 40; night++, now += DAY) await backupSnapshotJob.run(inst.ctx);
    const kept = await snapshotPlaceOf(inst.ctx).list();
    expect(kept).toHaveLength(11);
    // Nothing half-made or stray left; with a bucket the local folder was only the workbench.
    expect(readdirSync(inst.ctx.config.backup.dir)).toHaveLength(TEST_MEDIA_STORAGE === 'local' ? 11 : 0);
    expect(kept[0]!.created_at).toBe('2026-11-09T01:15:00.000Z');
    expect(kept.at(-1)!.created_at).toBe('2026-10-18T01:15:00.000Z');
    if (TEST_MEDIA_STORAGE === 'local') expect(kept.every((m) => m.media.driver === 'local' && m.media.files.length === 1)).toBe(true);
    else expect(kept.every((m) => m.media.driver === 's3' && m.media.objects.length === 1)).toBe(true);
  }, 120_000); // 40 snapshots; on PostgreSQL with a bucket each is a pg_dump and two uploads

  it('never serves a snapshot through /media', async () => {
    const [newest] = await snapshotPlaceOf(inst.ctx).list();
    const app = createApp(inst.ctx);
    const admin = await buildAdmin(inst.ctx); // not even for an admin: no media rule names these keys
    for (const file of ['manifest.json', newest!.database.file]) {
      const url = `/media/backups/${newest!.name}/${file}`;
      expect((await request(app).get(url)).status).toBe(401);
      expect((await request(app).get(url).set('Cookie', sessionCookie(inst.ctx, admin))).status).toBe(404);
    }
  });

  it('a snapshot fetched from its place passes the checks a restore makes', async () => {
    const [newest] = await snapshotPlaceOf(inst.ctx).list();
    const work = mkdtempSync(join(tmpdir(), 'pfotenbuch-fetch-'));
    try {
      const dir = await snapshotPlaceOf(inst.ctx).fetch(newest!.name, work);
      expect((await verifySnapshot(dir, inst.ctx.engine)).name).toBe(newest!.name);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('the digest: all well after the last night, "missing" 36 hours later', async () => {
    now = Date.parse('2026-11-09T20:00:00Z');
    expect((await backupStatus(inst.ctx)).problem).toBeNull();
    now = Date.parse('2026-11-10T13:16:00Z');
    expect((await backupStatus(inst.ctx)).problem).toMatch(/Seit mehr als 36 Stunden keine neue Sicherung/);
  });
});

describe('a backup killed midway', () => {
  let inst: Installation;
  let root: string;

  beforeAll(async () => {
    inst = await createInstallation();
    root = mkdtempSync(join(tmpdir(), 'pfotenbuch-killed-'));
    // Enough rows and photos that the snapshot takes a while after its .partial folder appears.
    const dog = await buildDog(inst.ctx);
    await inst.ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3000; i++) await buildDiaryEntry({ ...inst.ctx, db: trx }, { dog, text: `Eintrag ${i} `.repeat(40) });
    });
    const photo = await makeJpeg({ width: 800, height: 600 });
    const entry = await buildDiaryEntry(inst.ctx, { dog });
    for (let i = 0; i < 150; i++) await storeTestFile(inst.ctx, (await buildDiaryMedia(inst.ctx, { entry })).url, photo);
  });
  afterAll(async () => {
    await inst?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('leaves no snapshot that looks complete, and the next run clears the remains', async () => {
    await inst.stop();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'backup', '--to', root], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH, ...inst.env },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 20_000;
    let partial: string | undefined;
    while (!partial && Date.now() < deadline) {
      partial = existsSync(root) ? readdirSync(root).find((n) => n.endsWith('.partial')) : undefined;
      if (!partial) await new Promise((resolve) => setTimeout(resolve, 2)); // polls the folder, no fixed wait
    }
    child.kill('SIGKILL');
    await exited;
    await inst.start();
    expect(partial, 'the backup never started').toBeDefined();
    expect(
      readdirSync(root).filter((n) => !n.startsWith('.')),
      'the backup finished before it was killed',
    ).toEqual([]);
    expect(await listSnapshots(root)).toEqual([]);

    const later = { ...inst.ctx, clock: { now: () => new Date(Date.now() + 7 * 60 * 60 * 1000) } };
    const manifest = await makeSnapshot(later, root);
    expect(readdirSync(root)).toEqual([manifest.name]);
  });
});
