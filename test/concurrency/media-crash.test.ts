import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock, HOUR } from '#core/clock.js';
import { PROJECT_ROOT } from '#core/paths.js';
import { sweepOrphanedMedia } from '../../src/features/dog-records/diary/orphan-sweep.jobs.js';
import { makeJpeg } from '../fakes/photos.js';
import { startS3Server, type S3TestServer } from '../fakes/s3-server.js';
import { buildDog, buildUser, sessionCookie } from '../helpers/factories.js';
import { storedUnder } from '../helpers/media.js';
import { testEnv, useTestApp } from '../helpers/test-app.js';

/**
 * Issue 28: a crash between the object write and the row's commit leaves at most an object no row names, which
 * the nightly sweep removes; never a row without its object. The store here takes the photo and then holds its
 * answer, and the server process is killed (SIGKILL) at that moment.
 */
let s3: S3TestServer | undefined;
let server: ChildProcess | undefined;
const t = useTestApp(async () => {
  s3 = await startS3Server();
  return { env: s3.env };
});
afterAll(async () => {
  server?.kill('SIGKILL');
  await s3?.close();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitUntilUp(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('a server killed between the object write and the commit', () => {
  it('leaves no row and at most an orphan object, which the sweep removes', async () => {
    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = testEnv(t.dataDir, {
      ...s3!.env,
      ...(t.ctx.config.databaseUrl ? { DATABASE_URL: t.ctx.config.databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
    });
    server = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'src', 'server.ts')], { cwd: PROJECT_ROOT, env, stdio: 'ignore' });
    await waitUntilUp(url);

    const cookie = sessionCookie(t.ctx, user);
    const headers = { Cookie: cookie, Origin: url };
    const entry = await fetch(`${url}/api/dogs/${dog.id}/diary`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ date: '2025-06-15', text: 'Wald' }),
    });
    expect(entry.status).toBe(201);
    const { id: entryId } = (await entry.json()) as { id: number };

    // The store writes the photo, then keeps its answer; the server is killed as soon as both objects are in.
    s3!.mode = 'hold-puts';
    let held = 0;
    const killed = new Promise<void>((resolve) => {
      s3!.onHeldPut = () => {
        if (++held < 2) return; // the photo and its preview
        server!.kill('SIGKILL');
        server!.once('exit', () => resolve());
      };
    });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await makeJpeg())], { type: 'image/jpeg' }), 'wald.jpg');
    const upload = fetch(`${url}/api/diary/${entryId}/media`, { method: 'POST', headers, body: form }).then(
      () => 'answered',
      () => 'cut off',
    );
    await killed;
    expect(await upload).toBe('cut off');
    s3!.mode = 'ok';

    // No row names a photo; the objects are there, without a row.
    expect(await t.ctx.db.selectFrom('diary_media').select('id').where('entry_id', '=', entryId).execute()).toEqual([]);
    const diary = `/media/u/${user.id}/dogs/${dog.id}/diary/`;
    expect(await storedUnder(t.ctx, diary)).toHaveLength(2);

    // The nightly sweep leaves them alone for a day (an upload may still be between its two steps), then removes them.
    expect(await sweepOrphanedMedia({ ...t.ctx, clock: fixedClock(new Date(Date.now() + 2 * HOUR)) })).toBe(0);
    expect(await sweepOrphanedMedia({ ...t.ctx, clock: fixedClock(new Date(Date.now() + 25 * HOUR)) })).toBe(2);
    expect(await storedUnder(t.ctx, diary)).toEqual([]);
  });
});
