import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/paths.js';
import { buildUser } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

function cli(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'silent',
      ...(t.ctx.config.databaseUrl ? { DATABASE_URL: t.ctx.config.databaseUrl } : {}),
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('npm run cli -- set-role', () => {
  it('makes an existing account admin on the configured database', async () => {
    const user = await buildUser(t.ctx, { email: 'chefin@example.de' });
    const result = cli('set-role', 'Chefin@Example.de', 'admin');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/admin/);
    expect(result.stdout).toMatch(/zweiten Faktor/);
    const row = await t.ctx.db.selectFrom('users').select('rolle').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.rolle).toBe('admin');
  });

  it('fails for an unknown email and for a bad role', () => {
    expect(cli('set-role', 'niemand@example.de', 'admin').status).toBe(1);
    const bad = cli('set-role', 'chefin@example.de', 'kaiser');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Aufruf/);
  });
});
