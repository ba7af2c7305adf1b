import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/paths.js';
import { buildAdmin, buildDiaryEntry, buildDiaryMedia, buildDog, buildUser, sessionCookie } from '../helpers/factories.js';
import { testEnv, useTestApp } from '../helpers/test-app.js';
import { startServer, until, type ServerProcess } from './server-process.js';

/**
 * The memory limit the app keeps (docs/operations.md "Memory": 512 MB): the real server, started with the Node
 * flags and malloc settings of scripts/start.sh, takes 4 uploads of a 12 MP photo at once while it builds a data
 * export; its peak RSS (VmHWM, the kernel's high-water mark) stays under the limit. bench/memory-burst.mjs is the
 * full-size run (5,000 entries, 2,000 photos).
 */
const LIMIT_MB = 512;
const START_SCRIPT = readFileSync(join(PROJECT_ROOT, 'scripts', 'start.sh'), 'utf8');
const START_FLAGS = /^exec "\$NODE" ((?:--\S+ )*)dist\/server\.js/m.exec(START_SCRIPT)?.[1]?.trim().split(' ') ?? [];
const START_ENV = Object.fromEntries([...START_SCRIPT.matchAll(/^export (\w+)="\$\{\w+:-(\w+)\}"$/gm)].map((m) => [m[1]!, m[2]!]));

const t = useTestApp();
let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
});

const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe('the memory limit', () => {
  it('start.sh caps the old generation, so the process fits its limit', () => {
    expect(START_FLAGS).toContain('--max-old-space-size=256');
    expect(START_ENV).toMatchObject({ MALLOC_ARENA_MAX: '2' });
  });

  // Once per engine, on the pinned runtime: CI's extra Node 26 pass would repeat its ~20 s for nothing new.
  it.skipIf(process.versions.node.split('.')[0] !== '24')(
    'holds under 4 concurrent 12 MP uploads and an export being built',
    async () => {
      const owner = await buildUser(t.ctx, { name: 'Viel Speicher' });
      const admin = await buildAdmin(t.ctx);
      const dog = await buildDog(t.ctx, { user: owner });
      const entry = await buildDiaryEntry(t.ctx, { dog });
      // The account to export: 30 stored photos of about 1 MB (local media folder only; on S3 the rows alone).
      const stored = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
        .jpeg({ quality: 90 })
        .toBuffer();
      for (let i = 0; i < 30; i++) {
        const media = await buildDiaryMedia(t.ctx, { entry: await buildDiaryEntry(t.ctx, { dog, text: `Tag ${i}` }), bytes: stored.length });
        if (t.ctx.media.driver !== 'local') continue;
        const file = join(t.ctx.config.mediaDir, media.url.replace(/^\/media\//, ''));
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileSync(file, stored);
      }
      const photo = await sharp({
        create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } },
      })
        .jpeg({ quality: 90 })
        .toBuffer();

      server = await startServer(
        (port) =>
          testEnv(t.dataDir, {
            ...(t.ctx.config.databaseUrl ? { DATABASE_URL: t.ctx.config.databaseUrl } : {}),
            ...START_ENV,
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            LOG_LEVEL: 'info',
            IMAGE_JOBS: '2',
          }),
        START_FLAGS,
      );
      const url = server.url;
      const cookie = sessionCookie(t.ctx, owner);
      const json = (c: string) => ({ cookie: c, 'content-type': 'application/json', origin: url });

      const asked = (await (await fetch(`${url}/api/me/exports`, { method: 'POST', headers: json(cookie), body: '{}' })).json()) as { id: number };
      const started = await fetch(`${url}/api/admin/jobs/exports.build/run`, { method: 'POST', headers: json(sessionCookie(t.ctx, admin)), body: '{}' });
      expect(started.status).toBe(202);
      const uploads = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const form = new FormData();
          form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
          return (await fetch(`${url}/api/diary/${entry.id}/media`, { method: 'POST', headers: { cookie, origin: url }, body: form })).status;
        }),
      );
      expect(uploads).toEqual([201, 201, 201, 201]);
      const status = await until('the export to be built', async () => {
        const row = await t.ctx.db.selectFrom('data_exports').select('status').where('id', '=', asked.id).executeTakeFirst();
        return row && ['ready', 'failed'].includes(row.status) ? row.status : undefined;
      });
      expect(status).toBe('ready');
      const peak = peakMb(server.child.pid!);
      expect(peak).toBeGreaterThan(0);
      expect(peak, `peak RSS ${Math.round(peak)} MB`).toBeLessThan(LIMIT_MB);
    },
    180_000,
  );
});
