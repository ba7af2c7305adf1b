import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { commitFiles, mediaFilePath, newMediaName, previewUrlOf, removeMediaFiles, stagingDir } from './storage.js';

const root = mkdtempSync(join(tmpdir(), 'pfotenbuch-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('media storage', () => {
  it('makes unguessable names (128 random bits) and maps only our URL shapes to files', () => {
    const names = new Set(Array.from({ length: 1000 }, newMediaName));
    expect(names.size).toBe(1000);
    const name = newMediaName();
    expect(name).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(mediaFilePath('/data/media', `/media/u/3/dogs/7/diary/${name}.jpg`)).toBe(`/data/media/u/3/dogs/7/diary/${name}.jpg`);
    expect(mediaFilePath('/data/media', `/media/u/3/avatar/${name}.webp`)).toBe(`/data/media/u/3/avatar/${name}.webp`);
    for (const bad of [
      `/media/u/3/../../secrets.json`,
      `/media/u/3/avatar/${name}.svg`,
      `/media/u/3/avatar/short.webp`,
      `/media/u/x/avatar/${name}.webp`,
      `/elsewhere/u/3/avatar/${name}.webp`,
      `/media/u/3/other/${name}.webp`,
    ])
      expect(mediaFilePath('/data/media', bad)).toBeUndefined();
    expect(previewUrlOf(`/media/u/3/dogs/7/diary/${name}.jpg`)).toBe(`/media/u/3/dogs/7/diary/${name}_preview.webp`);
  });

  it('moves staged files into place all or none: a failing move removes the moved and the staged ones', async () => {
    const staged = join(root, 'staged');
    const dir = join(root, 'batch');
    mkdirSync(staged, { recursive: true });
    mkdirSync(join(dir, 'c.jpg', 'occupied'), { recursive: true }); // a non-empty folder where a file should go
    const moves = ['a.jpg', 'b.jpg', 'c.jpg'].map((n) => {
      writeFileSync(join(staged, n), n);
      return { from: join(staged, n), to: join(dir, n) };
    });
    await expect(commitFiles(moves)).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['c.jpg']);
    expect(readdirSync(staged)).toEqual([]);

    writeFileSync(join(staged, 'd.jpg'), 'd');
    await commitFiles([{ from: join(staged, 'd.jpg'), to: join(dir, 'sub', 'd.jpg') }]);
    expect(existsSync(join(dir, 'sub', 'd.jpg'))).toBe(true);
  });

  it('removes files by URL and ignores URLs that are not ours', async () => {
    const name = newMediaName();
    const url = `/media/u/1/avatar/${name}.webp`;
    mkdirSync(join(root, 'u/1/avatar'), { recursive: true });
    writeFileSync(join(root, 'u/1/avatar', `${name}.webp`), 'x');
    await removeMediaFiles(root, [url, '/etc/passwd', 'https://example.com/x.webp'], createLogger('silent'));
    expect(existsSync(join(root, 'u/1/avatar', `${name}.webp`))).toBe(false);
  });
});

describe('media.clean-staging', () => {
  it('removes staged files older than an hour and keeps newer ones', async () => {
    const { cleanStagingJob } = await import('./upload.js');
    const { fixedClock } = await import('../clock.js');
    const mediaDir = join(root, 'media');
    const dir = stagingDir(mediaDir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'alt.upload'), 'x');
    writeFileSync(join(dir, 'neu.upload'), 'x');
    const hourAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(dir, 'alt.upload'), hourAgo, hourAgo);
    const ctx = { config: { mediaDir }, clock: fixedClock(new Date()) } as unknown as Parameters<typeof cleanStagingJob.run>[0];
    expect(await cleanStagingJob.run(ctx)).toBe(1);
    expect(readdirSync(dir)).toEqual(['neu.upload']);
  });
});
