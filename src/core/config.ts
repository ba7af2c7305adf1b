import { availableParallelism } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { bool, intSetting, isCronPattern, mediaSettings, optionalUrl, readBuildNumber, secretsOf, unsetIfEmpty } from '#platform/config-parts.js';
import { PROJECT_ROOT } from './paths.js';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_MAX_ZOOM, DEFAULT_TILE_URL, tileCspSources } from '#shared/map-tiles.js';
import { configProblems } from './config-checks.js';

/**
 * The only reader of process.env. Every variable is documented in .env.example; the schema's parts and the secrets
 * are in platform/config-parts.ts, the start-up checks the schema cannot make in config-checks.ts.
 */

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL muss mit postgres:// beginnen'),
  // PostgreSQL plans each repeated statement once per connection (platform/db/pg-prepared.ts); false behind a pooler
  // in transaction mode that cannot keep prepared statements (PgBouncer before 1.21, without max_prepared_statements).
  PG_PREPARED_STATEMENTS: bool.default(true),
  // Unset in development: http://localhost:<PORT> (see below), so links and the Origin check fit any port.
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_NAME: z.string().min(1).max(60).default('Pfotenbuch'),
  TZ_APP: z.string().default('Europe/Berlin'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // The server process (src/server.ts): worker processes serving HTTP, and how long an idle keep-alive connection
  // stays open: above the idle timeout of the proxy in front (nginx's upstream keepalive_timeout 3 s here, cloud
  // load balancers 60 s), so the proxy gives up an idle connection before the app closes it. headersTimeout goes
  // 1 s above it and must stay below Node's requestTimeout (300 s), hence the maximum.
  WEB_CONCURRENCY: intSetting(1, 64, 1, 'WEB_CONCURRENCY muss eine ganze Zahl von 1 bis 64 sein (Anzahl der Worker-Prozesse; 1 = ein Prozess ohne Cluster).'),
  KEEP_ALIVE_TIMEOUT_MS: intSetting(1_000, 290_000, 65_000, 'KEEP_ALIVE_TIMEOUT_MS muss eine ganze Zahl von 1000 bis 290000 sein (Millisekunden).'),
  // How long requests in flight and running jobs may take to finish after SIGTERM (decisions: several instances).
  SHUTDOWN_GRACE_MS: intSetting(1_000, 120_000, 10_000, 'SHUTDOWN_GRACE_MS muss eine ganze Zahl von 1000 bis 120000 sein (Millisekunden).'),
  // Photo work per process (src/core/media/images.ts): images worked on at once (default: one core stays with the
  // event loop), libvips threads per image; the glibc arena cap the cluster primary gives its workers.
  IMAGE_JOBS: intSetting(1, 64, Math.max(1, availableParallelism() - 1), 'IMAGE_JOBS muss eine ganze Zahl von 1 bis 64 sein (Bilder gleichzeitig).'),
  IMAGE_THREADS: intSetting(1, 16, 1, 'IMAGE_THREADS muss eine ganze Zahl von 1 bis 16 sein (Threads pro Bild).'),
  // SQLite's page cache, in MB. 4 instead of better-sqlite3's 16: the same CPU per route at 2,000 and 20,000 users
  // (a miss is a read from the kernel's page cache), about 30 MB less RSS at the end of the mix (performance.md).
  SQLITE_CACHE_MB: intSetting(1, 1024, 4, 'SQLITE_CACHE_MB muss eine ganze Zahl von 1 bis 1024 sein (MB).'),
  // The statement tuning of docs/performance.md ("Prepared statements"), settings so that a bench can switch it off
  // without patching the source: SQLite's prepared statements kept per connection (0 = prepared anew every time),
  // and the hottest fixed-shape reads compiled once (core/db/compiled-once.ts; false = built and compiled per call).
  SQLITE_STATEMENT_CACHE: intSetting(0, 10_000, 500, 'SQLITE_STATEMENT_CACHE muss eine ganze Zahl von 0 bis 10000 sein (Statements je Verbindung).'),
  COMPILED_ONCE: bool.default(true),
  MALLOC_ARENA_MAX: intSetting(1, 64, 2, 'MALLOC_ARENA_MAX muss eine ganze Zahl von 1 bis 64 sein.'),
  // glibc's thresholds (bytes): blocks from 128 KiB go to their own mapping and back to the system when freed, and a
  // heap's free top is given back from 128 KiB, not kept as glibc's rising dynamic threshold would (about -25 MB RSS
  // under the mix, docs/performance.md "Memory at the end of the mix").
  MALLOC_MMAP_THRESHOLD_: intSetting(4_096, 33_554_432, 131_072, 'MALLOC_MMAP_THRESHOLD_ muss eine ganze Zahl von 4096 bis 33554432 sein (Bytes).'),
  MALLOC_TRIM_THRESHOLD_: intSetting(4_096, 1_073_741_824, 131_072, 'MALLOC_TRIM_THRESHOLD_ muss eine ganze Zahl von 4096 bis 1073741824 sein (Bytes).'),

  // Where users' files live (decisions: Media storage and several instances): the local folder, or any
  // S3-compatible object store, which several instances share.
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // A request to the store that stays silent this long is given up (upstreams: the default class, 10 s).
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),

  JWT_SECRET: z.string().min(32, 'JWT_SECRET braucht mindestens 32 Zeichen').optional(),
  JWT_EXPIRY_DAYS: z.coerce.number().positive().max(365).default(7),
  JWT_REFRESH_FRACTION: z.coerce.number().min(1).max(100).default(2),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(256).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  // Admin and moderator routes need a passkey or TOTP step-up within 12 hours; 'off' only for a development set-up.
  STAFF_SECOND_FACTOR: z.enum(['required', 'off']).default('required'),

  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Pfotenbuch <no-reply@localhost>'),
  ADMIN_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),

  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_CONTACT: z.string().default('mailto:admin@localhost'),
  // Push endpoints must be https: on public hosts; 1 lets tests and development use http://127.0.0.1 fakes.
  PUSH_ALLOW_HTTP: bool.default(false),
  // Per push request (the spec's short timeout); a hanging push service never holds a job longer.
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),

  HTTP_USER_AGENT: z.string().optional(),
  WEATHER_PROVIDER: z.enum(['brightsky', 'open-meteo']).default('brightsky'),
  BRIGHTSKY_URL: z.url().default('https://api.brightsky.dev'),
  OPEN_METEO_URL: z.url().default('https://archive-api.open-meteo.com'),
  // Per weather request (upstreams.md: the short class, 5 s); the photo is saved without weather when it runs out.
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  // The DWD's official warnings through Bright Sky's /alerts (walk weather, job weather.alerts); empty switches them off.
  WEATHER_ALERTS_URL: z.union([z.literal(''), z.url()]).default('https://api.brightsky.dev'),
  OVERPASS_URLS: z.string().default('https://overpass-api.de/api/interpreter'),
  OSM_API_URL: z.url().default('https://master.apis.dev.openstreetmap.org'),
  OSM_ACCESS_TOKEN: z.string().optional(),
  ROUTING_URL: z.url().default('https://api.openrouteservice.org'),
  ROUTING_API_KEY: z.string().optional(),
  // Per directions request (upstreams.md: the default class, 10 s); then the plan answers 503.
  ROUTING_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Directions a day for the whole app, counted in the database across instances (a free ORS key: 2,000); the
  // last 10 % are kept for premium users and staff (features/map/walk-routes/routing-budget.ts).
  ROUTING_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(2000),
  FOOD_ALERTS_URL: z.url().default('https://megov.bayern.de/verbraucherschutz/baystmuv-verbraucherinfo/rest/api'),
  // The public app key of the feed (upstreams.md §5.1); configurable because it may rotate.
  FOOD_ALERTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Reverse geocoding (upstreams.md §9): the place name of a located diary entry. Empty switches it off.
  NOMINATIM_URL: z.union([z.url(), z.literal('')]).default('https://nominatim.openstreetmap.org'),
  NOMINATIM_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  FOOD_ALERTS_AUTH: z.string().default('baystmuv-vi-1.0 os=ios, key=9d9e8972-ff15-4943-8fea-117b5a973c61'),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  // Local models can be slow (upstreams.md §0.3: long class, 30 s, configurable).
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),

  // The map's tiles (docs/operations.md "Map tiles"): OpenStreetMap's own only for light use (its tile policy).
  MAP_TILE_URL: z.preprocess(unsetIfEmpty, z.string().default(DEFAULT_TILE_URL)),
  MAP_TILE_ATTRIBUTION: z.preprocess(unsetIfEmpty, z.string().max(1000).default(DEFAULT_TILE_ATTRIBUTION)),
  MAP_TILE_MAX_ZOOM: intSetting(1, 24, DEFAULT_TILE_MAX_ZOOM, 'MAP_TILE_MAX_ZOOM muss eine ganze Zahl von 1 bis 24 sein.'),
  // GET /metrics (Prometheus) answers only with `Authorization: Bearer <token>`; unset, /metrics does not exist.
  METRICS_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(16, 'METRICS_TOKEN braucht mindestens 16 Zeichen').optional()),

  JOBS_ENABLED: bool.default(true),
  // The nightly snapshot (platform/backup): on by default, at 03:15 app time; kept in BACKUP_DIR (default DATA_DIR/backups).
  BACKUP_ENABLED: bool.default(true),
  BACKUP_CRON: z.string().max(60).refine(isCronPattern, 'BACKUP_CRON ist kein gültiger Cron-Ausdruck (z. B. "15 3 * * *" für 03:15)').default('15 3 * * *'),
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(365).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(260).default(4),
  RATE_LIMITS_ENABLED: bool.default(true),
  // The honeypot's block: the first lasts IP_BLOCK_MINUTES, each repeat FACTOR times longer, at most MAX_MINUTES.
  IP_BLOCK_MINUTES: z.coerce.number().int().positive().default(60),
  IP_BLOCK_FACTOR: z.coerce.number().int().min(1).max(100).default(4),
  IP_BLOCK_MAX_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60),
  // The operator (features/operator): the first values of the settings admins edit in the app. Address lines separated by |.
  INVOICE_ISSUER_NAME: z.string().max(200).optional(),
  INVOICE_ISSUER_ADDRESS: z.string().max(500).default(''),
  INVOICE_VAT_ID: z.string().max(40).optional(),
  INVOICE_VAT_RATE: z.coerce.number().int().min(0).max(99).default(19),
  // Plan prices per year in cents: the first value of the operator settings; admins change them in the app.
  PRICE_PRO_CENTS_YEAR: z.coerce.number().int().min(0).max(10_000_00).default(29_99),
  PRICE_BREEDER_CENTS_YEAR: z.coerce.number().int().min(0).max(10_000_00).default(99_00),
});

export type Env = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {}

/** The environment for a child process (pg_dump): this process's, plus `extra`, so config stays its only reader. */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems = configProblems(e, env);
  if (problems.length) throw new ConfigError(`Ungültige Konfiguration:\n${problems.join('\n')}`);

  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : join(PROJECT_ROOT, e.DATA_DIR);
  const { jwtSecret, vapidPublicKey, vapidPrivateKey, generated: generatedSecrets } = secretsOf(e, dataDir);
  const build = readBuildNumber();
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);

  return Object.freeze({
    env: e.NODE_ENV,
    isProduction: production,
    isTest: e.NODE_ENV === 'test',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    /** The local driver's folder; with either driver, uploads are checked in its staging folder (.incoming). */
    mediaDir: join(dataDir, 'media'),
    media: mediaSettings(e),
    databaseUrl: e.DATABASE_URL,
    pgPreparedStatements: e.PG_PREPARED_STATEMENTS,
    publicUrl: publicUrl.origin,
    logLevel: e.LOG_LEVEL,
    appName: e.APP_NAME,
    timeZone: e.TZ_APP,
    trustProxy: e.TRUST_PROXY,
    /** Worker processes (node:cluster) serving HTTP; 1 = the single process, no cluster at all. */
    webConcurrency: e.WEB_CONCURRENCY,
    /** How long an idle keep-alive connection stays open (the HTTP server's keepAliveTimeout). */
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    sqliteCacheMb: e.SQLITE_CACHE_MB,
    sqliteStatementCache: e.SQLITE_STATEMENT_CACHE,
    compiledOnce: e.COMPILED_ONCE,
    images: Object.freeze({ jobs: e.IMAGE_JOBS, threads: e.IMAGE_THREADS }),
    /**
     * glibc's malloc settings, set for the cluster workers by the primary; glibc reads them at process start, so a
     * single process gets them from its starter (scripts/start.sh).
     */
    workerEnv: Object.freeze({
      MALLOC_ARENA_MAX: String(e.MALLOC_ARENA_MAX),
      MALLOC_MMAP_THRESHOLD_: String(e.MALLOC_MMAP_THRESHOLD_),
      MALLOC_TRIM_THRESHOLD_: String(e.MALLOC_TRIM_THRESHOLD_),
    }),
    build,
    generatedSecrets,
    auth: Object.freeze({
      jwtSecret,
      expiryDays: e.JWT_EXPIRY_DAYS,
      refreshFraction: e.JWT_REFRESH_FRACTION,
      sessionMaxDays: e.SESSION_MAX_DAYS,
      cookieSecure: production,
      staffSecondFactor: e.STAFF_SECOND_FACTOR,
      argon2: Object.freeze({ memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST }),
    }),
    mail: Object.freeze({ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, adminEmail: e.ADMIN_EMAIL }),
    push: Object.freeze({
      publicKey: vapidPublicKey,
      privateKey: vapidPrivateKey,
      contact: e.VAPID_CONTACT,
      allowHttp: e.PUSH_ALLOW_HTTP,
      timeoutMs: e.PUSH_TIMEOUT_MS,
    }),
    upstream: Object.freeze({
      userAgent: e.HTTP_USER_AGENT ?? `${e.APP_NAME}/${build} (+${publicUrl.origin})`,
      weatherProvider: e.WEATHER_PROVIDER,
      brightskyUrl: e.BRIGHTSKY_URL,
      openMeteoUrl: e.OPEN_METEO_URL,
      weatherTimeoutMs: e.WEATHER_TIMEOUT_MS,
      weatherAlertsUrl: e.WEATHER_ALERTS_URL || null,
      overpassUrls: e.OVERPASS_URLS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      osmApiUrl: e.OSM_API_URL,
      osmAccessToken: e.OSM_ACCESS_TOKEN,
      routingUrl: e.ROUTING_URL,
      routingApiKey: e.ROUTING_API_KEY,
      routingTimeoutMs: e.ROUTING_TIMEOUT_MS,
      routingDailyLimit: e.ROUTING_DAILY_LIMIT,
      foodAlertsUrl: e.FOOD_ALERTS_URL,
      foodAlertsAuth: e.FOOD_ALERTS_AUTH,
      foodAlertsTimeoutMs: e.FOOD_ALERTS_TIMEOUT_MS,
      nominatimUrl: e.NOMINATIM_URL,
      nominatimTimeoutMs: e.NOMINATIM_TIMEOUT_MS,
      aiBaseUrl: e.AI_BASE_URL,
      aiApiKey: e.AI_API_KEY,
      aiModel: e.AI_MODEL,
      aiTimeoutMs: e.AI_TIMEOUT_MS,
    }),
    mapTiles: Object.freeze({
      url: e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION,
      maxZoom: e.MAP_TILE_MAX_ZOOM,
      cspSources: tileCspSources(e.MAP_TILE_URL),
    }),
    metricsToken: e.METRICS_TOKEN,
    jobsEnabled: e.JOBS_ENABLED,
    backup: Object.freeze({
      enabled: e.BACKUP_ENABLED,
      cron: e.BACKUP_CRON,
      dir: e.BACKUP_DIR ? (isAbsolute(e.BACKUP_DIR) ? e.BACKUP_DIR : join(PROJECT_ROOT, e.BACKUP_DIR)) : join(dataDir, 'backups'),
      keepDaily: e.BACKUP_KEEP_DAILY,
      keepWeekly: e.BACKUP_KEEP_WEEKLY,
    }),
    rateLimitsEnabled: e.RATE_LIMITS_ENABLED,
    ipBlock: { firstMinutes: e.IP_BLOCK_MINUTES, factor: e.IP_BLOCK_FACTOR, maxMinutes: Math.max(e.IP_BLOCK_MAX_MINUTES, e.IP_BLOCK_MINUTES) },
    invoice: Object.freeze({
      issuerName: e.INVOICE_ISSUER_NAME || e.APP_NAME,
      issuerAddress: e.INVOICE_ISSUER_ADDRESS.split('|')
        .map((l) => l.trim())
        .filter(Boolean)
        .join('\n'),
      vatId: e.INVOICE_VAT_ID || null,
      vatRatePercent: e.INVOICE_VAT_RATE,
    }),
    prices: Object.freeze({ proCentsYear: e.PRICE_PRO_CENTS_YEAR, breederCentsYear: e.PRICE_BREEDER_CENTS_YEAR }),
  });
}

export type Config = ReturnType<typeof loadConfig>;
