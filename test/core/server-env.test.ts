import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#core/config.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The server settings of a development config with `env` added. */
function serverSettings(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-server-env-'));
  dirs.push(dir);
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, ...env });
  return { webConcurrency: config.webConcurrency, keepAliveTimeoutMs: config.keepAliveTimeoutMs };
}

describe('server settings (WEB_CONCURRENCY, KEEP_ALIVE_TIMEOUT_MS)', () => {
  it('defaults to one process without cluster and a 65 s keep-alive, above the proxies’ idle timeouts', () => {
    expect(serverSettings({})).toEqual({ webConcurrency: 1, keepAliveTimeoutMs: 65_000 });
    expect(serverSettings({ WEB_CONCURRENCY: '', KEEP_ALIVE_TIMEOUT_MS: '' })).toEqual({ webConcurrency: 1, keepAliveTimeoutMs: 65_000 });
    expect(serverSettings({ WEB_CONCURRENCY: '4', KEEP_ALIVE_TIMEOUT_MS: '120000' })).toEqual({ webConcurrency: 4, keepAliveTimeoutMs: 120_000 });
  });

  it('refuses anything but an integer from 1 to 64 workers, naming the variable', () => {
    for (const bad of ['0', '65', '2.5', 'zwei', '-1']) {
      expect(() => serverSettings({ WEB_CONCURRENCY: bad }), bad).toThrow(ConfigError);
      expect(() => serverSettings({ WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY muss eine ganze Zahl von 1 bis 64 sein/);
    }
  });

  it('refuses a keep-alive below 1 s or above 290 s', () => {
    for (const bad of ['999', '290001', 'lang']) expect(() => serverSettings({ KEEP_ALIVE_TIMEOUT_MS: bad }), bad).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });
});
