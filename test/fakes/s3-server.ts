import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

/**
 * A real S3-compatible server on 127.0.0.1 for the storage tests (@20minutes/s3rver, the maintained fork of
 * s3rver: file-backed, path-style, keys S3RVER/S3RVER). It speaks the protocol the AWS SDK speaks, so the app's
 * s3 driver runs unchanged against it; no mock of the SDK.
 *
 * In front of it sits a small proxy whose `mode` lets a test make the store fail the way real ones do:
 * `down` (connections refused: the proxy answers nothing and drops the socket), `slow` (answers after `delayMs`),
 * `hold-puts` (a PUT reaches the store and is written, but its answer never comes back: `onHeldPut` is called then,
 * so a test can kill the app between the object write and its row's commit).
 */
export interface S3TestServer {
  /** The endpoint the app is given (the proxy's). */
  url: string;
  bucket: string;
  env: Record<string, string>;
  mode: 'ok' | 'down' | 'slow' | 'hold-puts';
  delayMs: number;
  onHeldPut?: (path: string) => void;
  /** Requests that passed the proxy, e.g. "PUT /bucket/u/1/…". */
  requests: string[];
  close(): Promise<void>;
}

export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startS3Server(options: { bucket?: string; createBucket?: boolean; unref?: boolean } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'pfotenbuch-test';
  const directory = mkdtempSync(join(tmpdir(), 'pfotenbuch-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    // The SDK (v3) signs bucket-level requests as "/<bucket>/", s3rver recomputes them as "/<bucket>" and refuses
    // them (SignatureDoesNotMatch); object requests match. The access key is still checked.
    allowMismatchedSignatures: true,
    configureBuckets: options.createBucket === false ? [] : [{ name: bucket }],
  });
  const { port: s3Port } = (await s3.run()) as AddressInfo;
  // A store shared by a whole test process must not keep that process alive.
  if (options.unref) s3.httpServer?.unref();

  const sockets = new Set<Socket>();
  const proxy: Server = createServer((req, res) => {
    if (state.mode === 'down') {
      req.socket.destroy();
      return;
    }
    state.requests.push(`${req.method} ${req.url?.split('?')[0]}`);
    const forward = () => {
      const upstream = httpRequest({ host: '127.0.0.1', port: s3Port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        if (state.mode === 'hold-puts' && req.method === 'PUT') {
          answer.resume();
          answer.on('end', () => state.onHeldPut?.(req.url?.split('?')[0] ?? ''));
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (state.mode === 'slow') setTimeout(forward, state.delayMs).unref();
    else forward();
  });
  proxy.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  if (options.unref) proxy.unref();
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const state: S3TestServer = {
    url,
    bucket,
    mode: 'ok',
    delayMs: 0,
    requests: [],
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: url,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
  return state;
}
