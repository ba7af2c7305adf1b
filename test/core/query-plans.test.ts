import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '#core/http/route/openapi.js';
import { buildAdmin, sessionCookie, type BuiltUser } from '../helpers/factories.js';
import { bigTables, fullScans, hasPlan, indexLeads, queryCapture, tableNames, type Captured } from '../helpers/query-plans.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { OFFLINE_ENV } from '../fuzz/offline.js';
import { operationsOf, type FuzzDocument, type Operation } from '../fuzz/request-plan.js';
import { send } from '../fuzz/send.js';
import { seedWorld, type World } from '../fuzz/world.js';

/**
 * Issue 34, "no request whose cost follows the size of the whole service": every GET route of the OpenAPI document
 * (walked from the document, so a new route cannot slip past) is called once on a database with a few thousand
 * users, as the owner of a seeded world (the fuzz stage's: dogs, diary, health records, a friend with messages, a
 * forum thread, map items, …) or, under /api/admin and /api/moderation, as an admin. Each statement it ran goes
 * through the database's planner (test/helpers/query-plans.ts); a full scan of a table that grows with the service
 * fails, unless ALLOWED names the route, the table and the reason.
 *
 * On PostgreSQL (TEST_DATABASE_URL) the database is ANALYZEd, and a Seq Scan (or a walk over a whole index) fails
 * only on a table the seeding made big (BIG_TABLE_ROWS): on a table of a few rows the planner rightly prefers a Seq
 * Scan, and switching seq scans off only trades them for whole-index walks (test/helpers/query-plans.ts).
 */

/** Tables that do not grow with the number of users: reference data, counters and the operator's own settings. */
const FIXED_SIZE = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'breeds',
  'forum_categories',
  'help_articles',
  'help_starter_keys',
  'operator_settings',
  'founder_counter',
  'invoice_counters',
  // One row per job name.
  'job_leases',
]);

const NEWEST_PAGE = 'admin list, newest first by primary key with a limit: SQLite reads only the page from the end of the table';
const STATS = 'admin statistics count across the whole service by design; opened rarely by one operator';

/** Full scans that are accepted: `<METHOD> <template>` → table → reason. */
const ALLOWED: Record<string, Record<string, string>> = {
  'GET /api/admin/stats': { users: STATS, places: STATS },
  'GET /api/admin/partner/codes': { partner_codes: NEWEST_PAGE },
  'GET /api/admin/upgrade-requests': { upgrade_requests: NEWEST_PAGE },
  'GET /api/admin/invoices': { invoices: NEWEST_PAGE },
  'GET /api/admin/ip-blocks': { ip_blocks: 'admin screen over blocked addresses (few, not per user); the limiter keeps no index on the expiry' },
};

const CONTAINS = "search by a part of a name (like '%…%'): no B-tree index serves it; SQLite walks users_name_idx for the order";

const LITTERS =
  "the few seeded litters are merged with the dogs primary key (a walk that stops at the highest dog id of a litter); chosen by cost with one breeder's few litters; SQLite seeks by primary key";

/** More exceptions on PostgreSQL, where the planner reads small parts of tables differently. */
const ALLOWED_POSTGRES: Record<string, Record<string, string>> = {
  'GET /api/admin/stats': { dogs: STATS, diary_entries: STATS },
  'GET /api/users/search': { users: CONTAINS },
  'GET /api/admin/users/search': { users: CONTAINS },
  ...Object.fromEntries(['', '/{id}', '/{id}/weights', '/{id}/export.csv'].map((tail) => [`GET /api/litters${tail}`, { dogs: LITTERS }])),
};

/** Routes not called, with the reason. */
const SKIPPED: Record<string, string> = {
  'GET /media/{path}': 'serves a stored file by its path: one lookup, no list',
  'GET /media/u/{userId}/dogs/{dogId}/health/{file}': 'serves a stored file by its path: one lookup, no list',
  'GET /kalender/{token}.ics': 'the calendar feed needs a token made by the feed route (no list query of its own)',
  'GET /api/auth/verify': 'needs the token from a verification mail',
  'GET /api/me/email/confirm': 'needs the token from a confirmation mail',
  'GET /api/safety-mail/unsubscribe': 'needs the signed link from a safety mail',
  'GET /api/partner/codes/{code}/info': 'needs a partner code (an admin makes them); one lookup by primary key',
};

const USERS = 3_000;
/** PostgreSQL: a Seq Scan fails only on a table at least this big (the seeded crowd's tables). */
const BIG_TABLE_ROWS = 1_000;
const SEED = 34;

let t: TestApp;
let world: World;
let admin: BuiltUser;
let doc: FuzzDocument;
const capture = queryCapture();
/** What each route ran, and how it answered. */
const ran = new Map<string, { status: number; statements: Captured[] }>();

/** Users, their dogs and diary entries, and a chain of friendships among them, inserted directly (no argon2). */
async function seedCrowd(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  const hash = (await db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow()).password_hash as string;
  let previous: number | undefined;
  for (let from = 0; from < USERS; from += 500) {
    const numbers = Array.from({ length: Math.min(500, USERS - from) }, (_, i) => from + i);
    const users = await db
      .insertInto('users')
      .values(
        numbers.map((n) => ({
          email: `menge${n}@example.de`,
          password_hash: hash,
          name: `Menge ${n}`,
          city: 'Berlin',
          lat: 52.4 + (n % 100) * 0.003,
          lon: 13.3 + (n % 77) * 0.004,
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const ids = users.map((u) => u.id as number);
    const dogs = await db
      .insertInto('dogs')
      .values(ids.map((id) => ({ user_id: id, name: `Hund ${id}`, created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    await db
      .insertInto('diary_entries')
      .values(dogs.map((d) => ({ dog_id: d.id, date: now.slice(0, 10), text: 'Ein Tag auf der Wiese', created_at: now, updated_at: now })))
      .execute();
    // A chain of friendships: each new user befriends the one before.
    const pairs = ids.map((id, i) => [i === 0 ? previous : ids[i - 1], id] as const).filter((p): p is readonly [number, number] => p[0] !== undefined);
    await db
      .insertInto('friendships')
      .values(
        pairs.map(([a, b]) => ({
          requester_id: a,
          addressee_id: b,
          user_low: Math.min(a, b),
          user_high: Math.max(a, b),
          status: 'accepted',
          created_at: now,
          accepted_at: now,
        })),
      )
      .execute();
    previous = ids.at(-1);
  }
}

/** A value for a path parameter: the seeded owner's record, found through the list route of the same collection. */
async function pathValue(template: string, name: string, cookie: string): Promise<string | undefined> {
  if (name === 'dogId') return String(world.dogId);
  if (name === 'userId') return String(world.friend.id);
  const op = operations.find((o) => o.template === template)!;
  const schema = op.parameters.find((p) => p.name === name)?.schema as { enum?: string[] } | undefined;
  if (schema?.enum?.[0]) return schema.enum[0];
  // `/api/litters/{id}/weights` → the list `/api/litters`; `/api/vaccinations/{id}` → `…/{dogId}/vaccinations`.
  const before = template.slice(0, template.indexOf(`{${name}}`)).replace(/\/$/, '');
  const collection = before.split('/').pop()!;
  const list = operations.find(
    (o) => o.method === 'GET' && o.template.endsWith(`/${collection}`) && o.parameters.every((p) => p.in !== 'path' || p.name === 'dogId'),
  );
  const key = name === 'slug' ? 'slug' : 'id';
  const found = list
    ? firstWith((await send(t.app, { method: 'GET', url: urlOf(list, { dogId: String(world.dogId) }), mode: 'valid' }, cookie)).json, key)
    : undefined;
  if (found !== undefined) return String(found);
  // No list shows one (another user's item, or outside the list's area): any row of the collection's table.
  const table = collection.replace(/-/g, '_');
  if (key !== 'id' || !tables.has(table)) return undefined;
  const row = await (t.ctx.db as unknown as Kysely<any>).selectFrom(table).select('id').orderBy('id').executeTakeFirst();
  return row ? String(row.id) : undefined;
}

/** Where the nearby lists look: the seeded world's poison warning is here. */
const HERE = { lat: '52.52', lon: '13.405' };

/** The route's URL with its path parameters and the query parameters it needs (required ones, and a position). */
function urlOf(op: Operation, path: Record<string, string>): string {
  let url = op.template;
  for (const [name, value] of Object.entries(path)) url = url.replace(`{${name}}`, encodeURIComponent(value));
  const query = op.parameters
    .filter((p) => p.in === 'query' && (p.required || p.name in HERE))
    .map((p) => `${p.name}=${encodeURIComponent(queryValue(p.name) ?? '')}`);
  return query.length ? `${url}?${query.join('&')}` : url;
}

/** The first value of `key` in a JSON answer (items of a list, depth first). */
function firstWith(json: unknown, key: string): unknown {
  if (Array.isArray(json)) {
    for (const item of json) {
      const v = firstWith(item, key);
      if (v !== undefined) return v;
    }
    return undefined;
  }
  if (json && typeof json === 'object') {
    const record = json as Record<string, unknown>;
    if (key in record && (typeof record[key] === 'number' || typeof record[key] === 'string')) return record[key];
    for (const v of Object.values(record)) {
      const found = typeof v === 'object' ? firstWith(v, key) : undefined;
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Query parameters the routes need, by name. */
function queryValue(name: string): string | undefined {
  const month = new Date().toISOString().slice(0, 7);
  const values: Record<string, string> = {
    ...HERE,
    category,
    q: 'Luna',
    month,
    parent_type: 'dog',
    parent_id: String(world.dogId),
    bbox: '13.3,52.4,13.5,52.6',
  };
  return values[name];
}

let operations: Operation[] = [];
/** A forum category's slug (the thread list needs one). */
let category = '';
/** The database's tables. */
let tables = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({ env: { ...OFFLINE_ENV }, onQuery: capture.onQuery });
  doc = generateOpenApiDocument(t.ctx.openapi, { title: 'x', version: 'x', server: t.ctx.config.publicUrl }) as unknown as FuzzDocument;
  operations = operationsOf(doc);
  world = await seedWorld(t, doc, operations, SEED);
  admin = await buildAdmin(t.ctx);
  await seedCrowd(t.ctx.db as unknown as Kysely<any>);
  if (t.ctx.engine === 'postgres') await sql`analyze`.execute(t.ctx.db);
  const ownerCookie = (await world.cookie('owner'))!;
  const adminCookie = sessionCookie(t.ctx, admin);
  const categories = await send(t.app, { method: 'GET', url: '/api/forum/categories', mode: 'valid' }, ownerCookie);
  category = String(firstWith(categories.json, 'slug') ?? '');
  tables = await tableNames(t.ctx);
  for (const op of operations) {
    const key = `${op.method} ${op.template}`;
    if (op.method !== 'GET' || key in SKIPPED) continue;
    const cookie = /^\/api\/(admin|moderation)\//.test(op.template) ? adminCookie : ownerCookie;
    const path: Record<string, string> = {};
    for (const p of op.parameters.filter((p) => p.in === 'path')) {
      const value = await pathValue(op.template, p.name, cookie);
      if (value === undefined && process.env.QUERY_PLANS_VERBOSE) console.warn(`[query-plans] ${key}: no seeded value for {${p.name}}, sent 1`);
      path[p.name] = value ?? '1';
    }
    const url = urlOf(op, path);
    let status = 0;
    const statements = await capture.during(async () => {
      status = (await send(t.app, { method: 'GET', url, mode: 'valid' }, cookie)).status;
    });
    ran.set(key, { status, statements });
    if (process.env.QUERY_PLANS_VERBOSE) console.warn(`[query-plans] ${key} → ${status}, ${statements.length} statements`);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('query plans of the GET routes (issue 34)', () => {
  it('calls every GET route of the document, none with a server error', () => {
    const gets = operations.filter((o) => o.method === 'GET').map((o) => `${o.method} ${o.template}`);
    expect(gets.filter((k) => !ran.has(k) && !(k in SKIPPED))).toEqual([]);
    const failed = [...ran].filter(([, r]) => r.status >= 500 && r.status !== 503).map(([k, r]) => `${k} → ${r.status}`);
    expect(failed).toEqual([]);
    // Most routes must answer with data, or the guard would only plan the session lookup.
    const ok = [...ran.values()].filter((r) => r.status < 300).length;
    expect(ok).toBeGreaterThan(ran.size * 0.8);
  });

  it('no route reads a table that grows with the service in full', async () => {
    const big = t.ctx.engine === 'postgres' ? await bigTables(t.ctx, BIG_TABLE_ROWS) : undefined;
    const indexes = big ? await indexLeads(t.ctx) : undefined;
    const found: string[] = [];
    const allowed = (route: string, table: string) => ALLOWED[route]?.[table] ?? (big ? ALLOWED_POSTGRES[route]?.[table] : undefined);
    const unused = new Set(
      Object.entries(big ? ALLOWED_POSTGRES : ALLOWED).flatMap(([route, scans]) => Object.keys(scans).map((table) => `${route}: ${table}`)),
    );
    const seen = new Set<string>();
    for (const [route, { statements }] of ran) {
      for (const statement of statements) {
        if (!hasPlan(statement.sql) || seen.has(`${route}\n${statement.sql}`)) continue;
        seen.add(`${route}\n${statement.sql}`);
        const { tables: scanned, plan } = await fullScans(t.ctx, statement, indexes);
        if (process.env.QUERY_PLANS_SHOW && route.includes(process.env.QUERY_PLANS_SHOW)) console.warn(`[query-plans] ${route}\n  ${statement.sql}\n  ${plan}`);
        for (const table of scanned) {
          if (!tables.has(table) || FIXED_SIZE.has(table) || (big && !big.has(table))) continue;
          unused.delete(`${route}: ${table}`);
          if (allowed(route, table)) continue;
          found.push(`${route}: full scan of ${table}\n    ${statement.sql}\n    plan: ${plan}`);
        }
      }
    }
    expect(found.join('\n')).toBe('');
    // An exception whose scan is gone goes off the list, so that the list does not rot.
    expect([...unused]).toEqual([]);
    expect([...FIXED_SIZE].filter((table) => !tables.has(table))).toEqual([]);
  });
});
