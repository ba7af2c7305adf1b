import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/config.js';
import { loadServerEnv } from '../../src/core/server-env.js';

describe('loadServerEnv (WEB_CONCURRENCY, KEEP_ALIVE_TIMEOUT_MS)', () => {
  it('defaults to one process without cluster and a 65 s keep-alive, above the proxies’ 60 s', () => {
    expect(loadServerEnv({})).toEqual({ webConcurrency: 1, keepAliveTimeoutMs: 65_000 });
    expect(loadServerEnv({ WEB_CONCURRENCY: '', KEEP_ALIVE_TIMEOUT_MS: '' })).toEqual({ webConcurrency: 1, keepAliveTimeoutMs: 65_000 });
    expect(loadServerEnv({ WEB_CONCURRENCY: '4', KEEP_ALIVE_TIMEOUT_MS: '120000' })).toEqual({ webConcurrency: 4, keepAliveTimeoutMs: 120_000 });
  });

  it('refuses anything but an integer from 1 to 64 workers, naming the variable', () => {
    for (const bad of ['0', '65', '2.5', 'zwei', '-1']) {
      expect(() => loadServerEnv({ WEB_CONCURRENCY: bad }), bad).toThrow(ConfigError);
      expect(() => loadServerEnv({ WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY muss eine ganze Zahl von 1 bis 64 sein/);
    }
  });

  it('refuses a keep-alive below 1 s or above 290 s', () => {
    for (const bad of ['999', '290001', 'lang']) expect(() => loadServerEnv({ KEEP_ALIVE_TIMEOUT_MS: bad }), bad).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });
});
