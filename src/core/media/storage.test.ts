import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../test/fakes/s3-server.js';
import { AppError } from '../http/route/errors.js';
import { createLogger } from '../logger.js';
import { mediaKeyOf, newMediaName, previewUrlOf, removeStoredMedia, stagingDir } from './storage.js';
import { LocalMediaStore, type MediaStore } from './store/index.js';
import { S3MediaStore } from './store/s3-store.js';

const root = mkdtempSync(join(tmpdir(), 'pfotenbuch-storage-'));
const log = createLogger('silent');
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

const s3Store = (overrides: { bucket?: string; timeoutMs?: number } = {}) =>
  S3MediaStore.create(
    {
      endpoint: s3.url,
      region: 'us-east-1',
      bucket: overrides.bucket ?? s3.bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      timeoutMs: overrides.timeoutMs ?? 2_000,
    },
    log,
  );

/** A staged file with `content`, as an upload leaves it. */
function staged(content: string): string {
  const dir = join(root, 'staging');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, newMediaName());
  writeFileSync(path, content);
  return path;
}

const readAll = async (stream: NodeJS.ReadableStream | undefined) => {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString();
};

describe('media URLs and keys', () => {
  it('makes unguessable names (128 random bits) and maps only our URL shapes to keys', () => {
    const names = new Set(Array.from({ length: 1000 }, newMediaName));
    expect(names.size).toBe(1000);
    const name = newMediaName();
    expect(name).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(mediaKeyOf(`/media/u/3/dogs/7/diary/${name}.jpg`)).toBe(`u/3/dogs/7/diary/${name}.jpg`);
    expect(mediaKeyOf(`/media/u/3/dogs/7/health/${name}.pdf`)).toBe(`u/3/dogs/7/health/${name}.pdf`);
    expect(mediaKeyOf(`/media/u/3/avatar/${name}.webp`)).toBe(`u/3/avatar/${name}.webp`);
    for (const bad of [
      `/media/u/3/../../secrets.json`,
      `/media/u/3/avatar/${name}.svg`,
      `/media/u/3/avatar/short.webp`,
      `/media/u/x/avatar/${name}.webp`,
      `/elsewhere/u/3/avatar/${name}.webp`,
      `/media/u/3/other/${name}.webp`,
      `/media/u/3/avatar/..%2F${name}.webp`,
    ])
      expect(mediaKeyOf(bad)).toBeUndefined();
    expect(previewUrlOf(`/media/u/3/dogs/7/diary/${name}.jpg`)).toBe(`/media/u/3/dogs/7/diary/${name}_preview.webp`);
  });
});

// The same behaviour on both drivers: the local folder and a real S3-compatible server on 127.0.0.1.
describe.each([
  ['local', () => new LocalMediaStore(join(root, `media-${newMediaName()}`))],
  ['s3', () => s3Store()],
] as const)('the %s driver', (_driver, make) => {
  let store: MediaStore;
  beforeAll(async () => {
    store = await make();
    await store.check();
  });

  it('stores, describes, reads whole and in ranges, lists in key order and removes', async () => {
    const a = `u/1/dogs/2/diary/${newMediaName()}.jpg`;
    const b = `u/1/avatar/${newMediaName()}.webp`;
    await store.putFiles([
      { key: a, path: staged('0123456789'), contentType: 'image/jpeg' },
      { key: b, path: staged('avatar'), contentType: 'image/webp' },
    ]);
    const info = await store.stat(a);
    expect(info).toMatchObject({ size: 10 });
    expect(info?.etag).toMatch(/^".+"$/);
    expect(await readAll(await store.read(a))).toBe('0123456789');
    expect(await readAll(await store.read(a, { start: 2, end: 4 }))).toBe('234');
    expect((await store.readBuffer(b))?.toString()).toBe('avatar');
    const listed: string[] = [];
    for await (const f of store.list('u/1/')) listed.push(f.key);
    expect(listed).toEqual([b, a]);

    await store.remove([a, a, `u/1/avatar/${newMediaName()}.webp`]); // twice and a missing one: fine
    expect(await store.stat(a)).toBeUndefined();
    expect(await store.read(a)).toBeUndefined();
    expect(await store.readBuffer(a)).toBeUndefined();
  });

  it('removes everything below a prefix and nothing beside it', async () => {
    const dog = [`u/5/dogs/6/diary/${newMediaName()}.jpg`, `u/5/dogs/6/photo/${newMediaName()}.webp`];
    const other = `u/5/dogs/60/photo/${newMediaName()}.webp`;
    await store.putFiles([...dog, other].map((key) => ({ key, path: staged(key), contentType: 'image/webp' })));
    await store.removePrefix('u/5/dogs/6/');
    expect(await Promise.all(dog.map((k) => store.stat(k)))).toEqual([undefined, undefined]);
    expect(await store.stat(other)).toBeDefined();
  });

  it('refuses keys and prefixes that are not ours before touching anything', async () => {
    for (const key of ['../etc/passwd', 'u/1/../../x.jpg', '/u/1/a.jpg', 'u/1/avatar/a b.jpg', 'elsewhere/a.jpg']) {
      await expect(store.putFiles([{ key, path: staged('x'), contentType: 'image/jpeg' }])).rejects.toThrow('not a media key');
      await expect(store.stat(key)).rejects.toThrow('not a media key');
    }
    await expect(store.removePrefix('u/1/..')).rejects.toThrow('not a media prefix');
    await expect(store.removePrefix('')).rejects.toThrow('not a media prefix');
  });

  it('removes files by URL and ignores URLs that are not ours', async () => {
    const url = `/media/u/1/avatar/${newMediaName()}.webp`;
    await store.putFiles([{ key: url.slice(7), path: staged('x'), contentType: 'image/webp' }]);
    await removeStoredMedia({ media: store, log }, [url, '/etc/passwd', 'https://example.com/x.webp', null]);
    expect(await store.stat(url.slice(7))).toBeUndefined();
  });
});

describe('the local driver', () => {
  it('puts files all or none: a failing one removes the ones already put', async () => {
    const store = new LocalMediaStore(join(root, 'batch'));
    mkdirSync(join(root, 'batch', 'u/1/avatar', 'c.jpg', 'occupied'), { recursive: true }); // a non-empty folder where a file should go
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((n) => ({ key: `u/1/avatar/${n}`, path: staged(n), contentType: 'image/jpeg' }));
    await expect(store.putFiles(files)).rejects.toThrow();
    expect(readdirSync(join(root, 'batch', 'u/1/avatar'))).toEqual(['c.jpg']);
  });
});

describe('the s3 driver', () => {
  it('puts files all or none: when the store fails midway, what was stored goes again', async () => {
    const store = await s3Store({ timeoutMs: 500 });
    const good = `u/9/avatar/${newMediaName()}.webp`;
    const files = [
      { key: good, path: staged('gut'), contentType: 'image/webp' },
      { key: `u/9/avatar/${newMediaName()}.webp`, path: join(root, 'does-not-exist'), contentType: 'image/webp' },
    ];
    await expect(store.putFiles(files)).rejects.toBeDefined();
    expect(await store.stat(good)).toBeUndefined();
  });

  it('answers the German 503 when the store is down or too slow, and says which bucket is missing at start', async () => {
    const store = await s3Store({ timeoutMs: 300 });
    const key = `u/9/avatar/${newMediaName()}.webp`;
    s3.mode = 'down';
    try {
      const err = await store.putFiles([{ key, path: staged('x'), contentType: 'image/webp' }]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 503, code: 'storage_unavailable' });
      expect((err as Error).message).toMatch(/gerade nicht gespeichert/);
      await expect(store.stat(key)).rejects.toMatchObject({ status: 503 });
      await expect(store.check()).rejects.toThrow(/nicht erreichbar \(S3_ENDPOINT\)/);
    } finally {
      s3.mode = 'ok';
    }
    s3.mode = 'slow';
    s3.delayMs = 2_000;
    try {
      const started = Date.now();
      await expect(store.stat(key)).rejects.toMatchObject({ status: 503 });
      // two tries of 300 ms each, not the store's 2 s
      expect(Date.now() - started).toBeLessThan(1_900);
    } finally {
      s3.mode = 'ok';
    }
    await expect((await s3Store({ bucket: 'gibt-es-nicht' })).check()).rejects.toThrow(
      'Den Bucket „gibt-es-nicht“ gibt es im Objektspeicher nicht (S3_BUCKET)',
    );
  });
});

describe('media.clean-staging', () => {
  it('removes staged files older than an hour and keeps newer ones', async () => {
    const { cleanStagingJob } = await import('./upload.jobs.js');
    const { fixedClock } = await import('../clock.js');
    const mediaDir = join(root, 'media');
    const dir = stagingDir({ mediaDir });
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
