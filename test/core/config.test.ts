import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#core/config.js';
import { PROJECT_ROOT } from '#core/paths.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('in development, PUBLIC_URL defaults to http://localhost:<PORT>, so links and the Origin check fit any port', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir(), PORT: '4123' }).publicUrl).toBe('http://localhost:4123');
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir(), PORT: '4123', PUBLIC_URL: 'https://hund.example/' }).publicUrl).toBe(
      'https://hund.example',
    );
  });

  it('refuses production without JWT_SECRET, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(/JWT_SECRET/);
  });

  it('refuses production without PUBLIC_URL and SMTP_URL', () => {
    const env = { NODE_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: 'p'.repeat(40), VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' };
    expect(() => loadConfig(env)).toThrow(/PUBLIC_URL fehlt/);
    expect(() => loadConfig(env)).toThrow(/SMTP_URL fehlt/);
  });

  it('accepts production with its secrets', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'p'.repeat(40),
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      PUBLIC_URL: 'https://pfotenbuch.example',
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(config.isProduction).toBe(true);
    expect(config.auth.cookieSecure).toBe(true);
    expect(config.generatedSecrets).toBe(false);
  });

  it('generates development secrets once and reuses them', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.generatedSecrets).toBe(true);
    expect(existsSync(join(dir, 'secrets.json'))).toBe(true);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.generatedSecrets).toBe(false);
    expect(second.auth.jwtSecret).toBe(first.auth.jwtSecret);
    expect(second.push.publicKey).toBe(first.push.publicKey);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).jwtSecret).toBe(first.auth.jwtSecret);
  });

  it('lists every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DATA_DIR: tempDir() });
      expect.unreachable();
    } catch (err) {
      expect(String(err)).toMatch(/PORT/);
      expect(String(err)).toMatch(/DATABASE_URL/);
    }
  });

  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.auth.expiryDays).toBe(7);
    expect(config.auth.refreshFraction).toBe(2);
    expect(config.timeZone).toBe('Europe/Berlin');
    expect(config.appName).toBe('Pfotenbuch');
    // upstreams.md's timeout classes: weather short (5 s), routing default (10 s).
    expect(config.upstream.weatherTimeoutMs).toBe(5_000);
    expect(config.upstream.routingTimeoutMs).toBe(10_000);
    expect(config.shutdownGraceMs).toBe(10_000);
    expect(config.sqliteCacheMb).toBe(4);
  });

  it('refuses a BACKUP_CRON that is no cron pattern, in German', () => {
    expect(() => loadConfig({ ...baseEnvForBackupTest(), BACKUP_CRON: 'jeden Morgen' })).toThrow(/BACKUP_CRON ist kein gültiger Cron-Ausdruck/);
    expect(loadConfig({ ...baseEnvForBackupTest(), BACKUP_CRON: '0 4 * * 1-5' }).backup.cron).toBe('0 4 * * 1-5');
  });

  it('documents every variable of the schema in .env.example', () => {
    const example = readFileSync(join(PROJECT_ROOT, '.env.example'), 'utf8');
    const source = readFileSync(join(PROJECT_ROOT, 'src/core/config.ts'), 'utf8');
    const schemaBlock = source.slice(source.indexOf('const EnvSchema'), source.indexOf('export type Env'));
    const names = [...schemaBlock.matchAll(/^\s{2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});

describe('server start', () => {
  it('refuses to start in production without JWT_SECRET, with a clear message', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: tempDir(), PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/JWT_SECRET fehlt/);
  });
});

function baseEnvForBackupTest(): Record<string, string> {
  return { NODE_ENV: 'test', DATA_DIR: tempDir() };
}
