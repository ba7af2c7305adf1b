import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { AppContext } from '#core/context.js';
import { keyPrefixOf } from '#core/media/paths.js';
import { discardFiles, newMediaName, stagingDir } from '#core/media/storage.js';
import { contentTypeOf } from '#core/media/store/media-store.js';
import { S3_TEST_KEYS, startS3Server, type S3TestServer } from '../fakes/s3-server.js';

/**
 * The media store in tests. By default every test app keeps its files on local disk, as `npm start` does; with
 * TEST_MEDIA_STORAGE=s3 (the PostgreSQL pass of .ci/run) every test app gets its own bucket in one S3-compatible
 * server per test process, so the same API tests run against the s3 driver. The helpers below look at the store
 * through the app's own MediaStore, so a test reads the same on both drivers.
 */
export const TEST_MEDIA_STORAGE = process.env.TEST_MEDIA_STORAGE === 's3' ? 's3' : 'local';

let shared: Promise<S3TestServer> | undefined;

/** The environment that points a new test app at its store: nothing for local, a fresh bucket for s3. */
export async function testMediaEnv(): Promise<Record<string, string>> {
  if (TEST_MEDIA_STORAGE !== 's3') return {};
  shared ??= startS3Server({ unref: true });
  const server = await shared;
  const bucket = `t-${newMediaName()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`.slice(0, 40);
  const client = new S3Client({ endpoint: server.url, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_KEYS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return { ...server.env, S3_BUCKET: bucket };
}

const keyOf = (url: string) => url.replace(/^\/media\//, '');

/** Whether the file behind a media URL is in the store. */
export async function isStored(ctx: Pick<AppContext, 'media'>, url: string): Promise<boolean> {
  return (await ctx.media.stat(keyOf(url))) !== undefined;
}

/** The stored files below a media URL prefix (e.g. `/media/u/3/avatar/`), as paths relative to it. */
export async function storedUnder(ctx: Pick<AppContext, 'media'>, urlPrefix: string): Promise<string[]> {
  const prefix = keyPrefixOf(urlPrefix);
  const names: string[] = [];
  for await (const file of ctx.media.list(prefix)) names.push(file.key.slice(prefix.length));
  return names;
}

/** The bytes of a stored file. */
export async function storedBytes(ctx: Pick<AppContext, 'media'>, url: string): Promise<Buffer | undefined> {
  return ctx.media.readBuffer(keyOf(url));
}

/** Puts a file into the store at a media URL as the app would (a stand-in for a file some earlier step left). */
export async function storeTestFile(ctx: Pick<AppContext, 'media' | 'config'>, url: string, content: string | Buffer = 'x'): Promise<void> {
  const dir = stagingDir(ctx.config);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `test-${newMediaName()}`);
  writeFileSync(path, content);
  const key = keyOf(url);
  try {
    await ctx.media.putFiles([{ key, path, contentType: contentTypeOf(key) }]);
  } finally {
    await discardFiles([path]); // the s3 driver uploads a copy; the staging folder stays as the app leaves it
  }
}
