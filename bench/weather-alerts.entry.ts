// The modules bench/weather-alerts.mjs needs, loaded through one tsImport (one copy of kysely), and the seeding.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '#core/clock.js';
import { loadConfig } from '#core/config.js';
import { createContext } from '#platform/create-context.js';
import { openDb } from '#core/db/index.js';
import { migrateToLatest } from '#platform/db/migrate.js';
import { createLogger } from '#core/logger.js';
import { runWeatherAlerts } from '../src/features/dog-records/weather/index.js';
export { runWeatherAlerts };
export { cellAt, FakeWeatherAlertsServer, heatAlert } from '../test/fakes/weather-alerts-server.js';

/** A migrated SQLite database in a temp folder and a context on it whose Bright Sky is `alertsUrl`; 12:00 in Berlin. */
export async function benchContext(alertsUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-weather-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    NOMINATIM_URL: '',
    WEATHER_ALERTS_URL: alertsUrl,
  });
  const dbHandle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteCacheMb: config.sqliteCacheMb });
  await migrateToLatest(dbHandle.db);
  const clock = fixedClock('2026-07-01T10:00:00Z');
  const ctx = createContext({ config, dbHandle, log: createLogger('warn'), clock });
  return { ctx, clock, dataDir, close: () => dbHandle.close() };
}

/**
 * `cells` warn cells (squares of 0.1° from 50.0 N, 8.0 E in the fake), each with `placesPerCell` towns (0.01° apart)
 * of `usersPerPlace` users: 400 × 5 × 10 = 20,000 users with a home area.
 */
export async function seedHomes(ctx: Awaited<ReturnType<typeof benchContext>>['ctx'], cells: number, placesPerCell: number, usersPerPlace: number) {
  const side = Math.ceil(Math.sqrt(cells));
  const now = ctx.clock.now().toISOString();
  const rows = [];
  for (let c = 0; c < cells; c++) {
    const lat0 = 50 + Math.floor(c / side) * 0.1;
    const lon0 = 8 + (c % side) * 0.1;
    for (let p = 0; p < placesPerCell; p++)
      for (let u = 0; u < usersPerPlace; u++)
        rows.push({
          email: `w${c}-${p}-${u}@bench.example`,
          name: 'Bench',
          password_hash: 'x',
          created_at: now,
          updated_at: now,
          lat: Math.round((lat0 + 0.015 + p * 0.015) * 1000) / 1000,
          lon: Math.round((lon0 + 0.015 + p * 0.01) * 1000) / 1000,
        });
  }
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db
      .insertInto('users')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.length;
}
