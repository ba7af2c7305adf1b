import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/paths.js';
import { buildDiaryEntry, buildDog, buildUser } from '../helpers/factories.js';
import { contentOf, createInstallation, type Installation } from './backup.test-support.js';

/** The operator's three commands: back up, (lose the data), restore — with German output and exit codes. */

let inst: Installation;

beforeAll(async () => {
  inst = await createInstallation();
  const user = await buildUser(inst.ctx, { email: 'halterin@example.de' });
  await buildDiaryEntry(inst.ctx, { dog: await buildDog(inst.ctx, { user_id: user.id } as never) });
});
afterAll(async () => inst?.dispose());

/** Runs the CLI without blocking this process: with TEST_MEDIA_STORAGE=s3 the fake object store lives here. */
function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH, ...inst.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run cli -- backup / restore', () => {
  it('backs up, and restores after the data is lost', async () => {
    const before = await contentOf(inst.ctx.db, inst.ctx.engine);
    const backup = await cli('backup');
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const name = /Sicherung (\S+) fertig/.exec(backup.stdout)?.[1];
    expect(name).toBeDefined();

    await inst.stop();
    await inst.wipe();
    const restore = await cli('restore', name!);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain(`Wiederhergestellt: Sicherung ${name}`);
    expect(restore.stdout).toMatch(/users: 1 Zeilen/);
    expect(restore.stdout).toMatch(/before-restore-/);
    await inst.start();
    expect(await contentOf(inst.ctx.db, inst.ctx.engine)).toEqual(before);
  });

  it('says what is wrong: no such snapshot, wrong arguments', async () => {
    const missing = await cli('restore', 'gibt-es-nicht');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/Keine Sicherung unter .*gibt-es-nicht gefunden|keine vollständige Sicherung namens gibt-es-nicht/);
    expect((await cli('restore')).status).toBe(2);
    const wrong = await cli('backup', '--nach', '/tmp');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/Aufruf/);
  });
});
