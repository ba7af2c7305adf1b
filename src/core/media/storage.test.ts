import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { mediaFilePath, newMediaName, previewUrlOf, removeMediaFiles, writeFilesAllOrNothing } from './storage.js';

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

  it('writes all files or none: a failing write removes the ones already written', async () => {
    const dir = join(root, 'batch');
    const blocked = join(dir, 'c.jpg');
    mkdirSync(blocked, { recursive: true }); // a folder where a file should go: rename fails
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((n) => ({ path: join(dir, n), data: Buffer.from(n) }));
    await expect(writeFilesAllOrNothing(files)).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['c.jpg']);
    expect(existsSync(join(dir, 'a.jpg'))).toBe(false);
  });

  it('removes files by URL and ignores URLs that are not ours', async () => {
    const name = newMediaName();
    const url = `/media/u/1/avatar/${name}.webp`;
    await writeFilesAllOrNothing([{ path: join(root, 'u/1/avatar', `${name}.webp`), data: Buffer.from('x') }]);
    await removeMediaFiles(root, [url, '/etc/passwd', 'https://example.com/x.webp'], createLogger('silent'));
    expect(existsSync(join(root, 'u/1/avatar', `${name}.webp`))).toBe(false);
  });
});
