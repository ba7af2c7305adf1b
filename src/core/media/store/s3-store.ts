import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { Logger } from '../../logger.js';
import { UPSTREAM_TIMEOUTS } from '../../upstream/http-client.js';
import {
  assertMediaKey,
  assertMediaPrefix,
  storageUnavailable,
  type ByteRange,
  type FileToStore,
  type MediaStore,
  type StoredEntry,
  type StoredInfo,
} from './media-store.js';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** How long a request may stay silent before it is given up (socket idle time, so large files still stream). */
  timeoutMs: number;
}

/** S3 deletes at most this many keys per request. */
const DELETE_BATCH = 1000;

/**
 * The AWS SDK (about 35 MB of memory) is loaded when the first s3 store is made, never by a server on the local
 * driver: these are dynamic imports, which the bundle keeps as such.
 */
const loadSdk = async () => ({ ...(await import('@aws-sdk/client-s3')), Upload: (await import('@aws-sdk/lib-storage')).Upload });
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isMissing = (err: unknown) => statusOf(err) === 404 && (err as Error).name !== 'NoSuchBucket';

/**
 * Any S3-compatible object store (AWS S3, Hetzner, Scaleway, OVH, Cloudflare R2, MinIO, Ceph) through the AWS SDK.
 * Timeouts follow core/upstream (connect: short, 5 s; a silent request: S3_TIMEOUT_MS, 10 s by default), with one
 * retry. Whatever goes wrong besides "no such file" reaches the user as the German 503 of `storageUnavailable`, and
 * the operator as a warning with the store's error name (never the keys).
 */
export class S3MediaStore implements MediaStore {
  readonly driver = 's3';
  readonly #client: S3Client;
  readonly #bucket: string;

  static async create(settings: S3Settings, log: Logger): Promise<S3MediaStore> {
    return new S3MediaStore(await loadSdk(), settings, log);
  }

  private constructor(
    private readonly sdk: Sdk,
    settings: S3Settings,
    private readonly log: Logger,
  ) {
    this.#bucket = settings.bucket;
    this.#client = new sdk.S3Client({
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      maxAttempts: 2,
      // Checksums only where the protocol needs them: several S3-compatible stores refuse the SDK's newer
      // default trailers (aws-chunked CRC32).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // socketTimeout is the silence allowed on a socket (a 2 GB export still streams); requestTimeout would cap the
      // whole request and, in this SDK, only warns.
      requestHandler: { connectionTimeout: UPSTREAM_TIMEOUTS.short, socketTimeout: settings.timeoutMs },
    });
  }

  /** Runs one call; "missing" is for the caller, everything else becomes the German 503. */
  async #call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isMissing(err)) throw err;
      this.log.warn({ store: 's3', op: what, error: (err as Error).name, status: statusOf(err) }, 'object store request failed');
      throw storageUnavailable();
    }
  }

  async check(): Promise<void> {
    try {
      await this.#client.send(new this.sdk.HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'NoSuchBucket' || (name === 'NotFound' && statusOf(err) === 404))
        throw new Error(`Den Bucket „${this.#bucket}“ gibt es im Objektspeicher nicht (S3_BUCKET). Leg ihn an oder korrigier den Namen.`);
      if (statusOf(err) === 403) throw new Error(`Der Objektspeicher verweigert den Zugriff auf „${this.#bucket}“ (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).`);
      throw new Error(`Der Objektspeicher ist nicht erreichbar (S3_ENDPOINT): ${name}: ${(err as Error).message}`, { cause: err });
    }
  }

  async putFiles(files: readonly FileToStore[]): Promise<void> {
    const stored: string[] = [];
    for (const file of files) assertMediaKey(file.key);
    const results = await Promise.allSettled(
      files.map(async (file) => {
        await this.#call('put', () =>
          new this.sdk.Upload({
            client: this.#client,
            params: { Bucket: this.#bucket, Key: file.key, Body: createReadStream(file.path), ContentType: file.contentType },
            leavePartsOnError: false,
          }).done(),
        );
        stored.push(file.key);
      }),
    );
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) {
      await this.remove(stored).catch(() => undefined);
      throw failed.reason;
    }
  }

  async stat(key: string): Promise<StoredInfo | undefined> {
    assertMediaKey(key);
    try {
      const head = await this.#call('head', () => this.#client.send(new this.sdk.HeadObjectCommand({ Bucket: this.#bucket, Key: key })));
      return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${head.ContentLength}"`, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | undefined> {
    assertMediaKey(key);
    try {
      const answer = await this.#call('get', () =>
        this.#client.send(new this.sdk.GetObjectCommand({ Bucket: this.#bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) })),
      );
      return answer.Body as Readable;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async readBuffer(key: string): Promise<Buffer | undefined> {
    const body = await this.read(key);
    if (!body) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: assertMediaKey(key) }));
      const answer = await this.#call('delete', () =>
        this.#client.send(new this.sdk.DeleteObjectsCommand({ Bucket: this.#bucket, Delete: { Objects: batch, Quiet: true } })),
      );
      const errors = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (errors.length) {
        this.log.warn({ store: 's3', op: 'delete', failed: errors.length, code: errors[0]?.Code }, 'object store kept files it was asked to delete');
        throw storageUnavailable();
      }
    }
  }

  async removePrefix(prefix: string): Promise<void> {
    let batch: string[] = [];
    for await (const entry of this.list(prefix)) {
      batch.push(entry.key);
      if (batch.length === DELETE_BATCH) {
        await this.remove(batch);
        batch = [];
      }
    }
    if (batch.length) await this.remove(batch);
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    assertMediaPrefix(prefix);
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.#call('list', () =>
        this.#client.send(new this.sdk.ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token })),
      );
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
