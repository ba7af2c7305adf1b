import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '#core/logger.js';
import { newMediaName } from '#core/media/storage.js';
import { S3MediaStore } from '#core/media/store/s3-store.js';
import { PROJECT_ROOT } from '#core/paths.js';
import { startS3Server, type S3TestServer } from '../fakes/s3-server.js';
import { storedBytes, storeTestFile } from '../helpers/media.js';
import { useTestApp } from '../helpers/test-app.js';

/** `npm run cli -- media:copy-to-s3`: the local folder into a real S3-compatible server, idempotent and resumable. */
let s3: S3TestServer | undefined;
const t = useTestApp(async () => {
  s3 = await startS3Server();
  return { env: { MEDIA_STORAGE: 'local' } };
});
afterAll(async () => {
  await s3?.close();
});

/** The CLI as an operator runs it (asynchronously: the S3 server answers from this process). */
function copyCli(extraEnv: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'media:copy-to-s3'], {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATA_DIR: t.dataDir,
        LOG_LEVEL: 'silent',
        ...(t.ctx.config.databaseUrl ? { DATABASE_URL: t.ctx.config.databaseUrl } : {}),
        ...s3!.env,
        S3_TIMEOUT_MS: '500',
        ...extraEnv,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run cli -- media:copy-to-s3', () => {
  it('copies every file once, checks sizes, skips what is there and picks up where it stopped', async () => {
    const urls = [
      `/media/u/1/avatar/${newMediaName()}.webp`,
      `/media/u/1/dogs/2/diary/${newMediaName()}.jpg`,
      `/media/u/1/dogs/2/diary/${newMediaName()}_preview.webp`,
      `/media/u/3/dogs/4/health/${newMediaName()}.pdf`,
    ];
    for (const [i, url] of urls.entries()) await storeTestFile(t.ctx, url, `Inhalt ${i} `.repeat(100 * (i + 1)));
    const target = await S3MediaStore.create(
      { endpoint: s3!.url, region: 'us-east-1', bucket: s3!.bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, timeoutMs: 2_000 },
      createLogger('silent'),
    );

    const first = await copyCli();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Fertig: 4 Dateien, 4 kopiert \([\d,]+ MB\), 0 waren schon da\./);
    for (const url of urls) expect((await target.readBuffer(url.slice(7)))?.equals((await storedBytes(t.ctx, url))!)).toBe(true);

    const again = await copyCli();
    expect(again.stdout).toMatch(/Fertig: 4 Dateien, 0 kopiert \(0,0 MB\), 4 waren schon da\./);

    // A run that stopped midway: one file never arrived, one arrived cut short.
    await target.remove([urls[0]!.slice(7)]);
    await storeTestFile({ media: target, config: t.ctx.config }, urls[1]!, 'abgebrochen');
    const resumed = await copyCli();
    expect(resumed.stdout).toMatch(/Fertig: 4 Dateien, 2 kopiert/);
    for (const url of urls) expect((await target.readBuffer(url.slice(7)))?.equals((await storedBytes(t.ctx, url))!)).toBe(true);
  });

  it('stops with a clear message when the store cannot be reached, and needs MEDIA_STORAGE=s3', async () => {
    s3!.mode = 'down';
    try {
      const down = await copyCli();
      expect(down.status).toBe(1);
      expect(down.stderr).toMatch(/Objektspeicher ist nicht erreichbar \(S3_ENDPOINT\)/);
    } finally {
      s3!.mode = 'ok';
    }
    const local = await copyCli({ MEDIA_STORAGE: 'local' });
    expect(local.status).toBe(2);
    expect(local.stderr).toMatch(/Setz MEDIA_STORAGE=s3/);
  });
});
