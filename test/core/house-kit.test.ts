import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { requireVerifiedEmail } from '#core/auth/guards.js';
import { requireOwner } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { AppError } from '#core/http/route/errors.js';
import { byId, keysetPage } from '#core/http/route/pagination.js';
import { operationIdOf } from '#core/http/route/route.js';
import { assertNotInFuture, idParam } from '#core/http/route/schema-kit.js';
import house from '../../scripts/eslint/index.js';
import tseslint from 'typescript-eslint';

const actor = (id: number, rolle = 'user') => ({ id, rolle }) as Actor;
const wording = { missing: 'Diese Rechnung gibt es nicht.', foreign: 'Das ist nicht deine Rechnung.' };

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
  return undefined;
}

describe('requireOwner', () => {
  it('answers 404 for a missing row and 403 for another user’s, in the record’s own words', () => {
    expect(statusOf(() => requireOwner(actor(1), undefined, wording))).toBe(404);
    expect(statusOf(() => requireOwner(actor(1), { user_id: 2 }, wording))).toBe(403);
    expect(() => requireOwner(actor(1), { user_id: 2 }, wording)).toThrow('Das ist nicht deine Rechnung.');
    expect(requireOwner(actor(1), { user_id: 1, n: 5 }, wording)).toEqual({ user_id: 1, n: 5 });
  });

  it('lets staff through only where the route allows it', () => {
    expect(statusOf(() => requireOwner(actor(1, 'admin'), { user_id: 2 }, wording))).toBe(403);
    expect(statusOf(() => requireOwner(actor(1, 'moderator'), { user_id: 2 }, wording, { staff: true }))).toBeUndefined();
    expect(statusOf(() => requireOwner(actor(1, 'user'), { user_id: 2 }, wording, { staff: true }))).toBe(403);
  });
});

describe('requireVerifiedEmail', () => {
  it('lets a confirmed account post and stops an unconfirmed one with 403 email_not_verified', () => {
    expect(statusOf(() => requireVerifiedEmail({ email_verified_at: '2026-11-01T10:00:00.000Z' }))).toBeUndefined();
    expect(statusOf(() => requireVerifiedEmail({ email_verified_at: null }))).toBe(403);
    expect(() => requireVerifiedEmail({ email_verified_at: null })).toThrow(expect.objectContaining({ code: 'email_not_verified' }));
  });
});

describe('keysetPage', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ id: 10 - i }));
  const fetch = async (take: number, after: { id: number } | undefined) => rows.filter((r) => after === undefined || r.id < after.id).slice(0, take);

  it('asks for one row more than the page and hands out a cursor only when more exist', async () => {
    const takes: number[] = [];
    const first = await keysetPage({ limit: 3 }, byId(), (take, after) => (takes.push(take), fetch(take, after)));
    expect(takes).toEqual([4]);
    expect(first.items.map((r) => r.id)).toEqual([10, 9, 8]);
    const second = await keysetPage({ limit: 3, cursor: first.next_cursor ?? '' }, byId(), fetch);
    expect(second.items.map((r) => r.id)).toEqual([7, 6, 5]);
    const last = await keysetPage({ limit: 3, cursor: second.next_cursor ?? '' }, byId(), fetch);
    expect(last).toEqual({ items: [{ id: 4 }], next_cursor: null });
  });

  it('refuses a forged cursor with a German 400', async () => {
    await expect(keysetPage({ limit: 3, cursor: 'kaputt' }, byId(), fetch)).rejects.toMatchObject({ status: 400, message: 'Ungültiger Cursor.' });
    const wrongShape = Buffer.from(JSON.stringify({ id: 'x' })).toString('base64url');
    await expect(keysetPage({ limit: 3, cursor: wrongShape }, byId(), fetch)).rejects.toMatchObject({ status: 400 });
  });
});

describe('schema kit', () => {
  it('id params take positive 32-bit integers only', () => {
    const P = idParam('dogId');
    expect(P.parse({ dogId: '7' })).toEqual({ dogId: 7 });
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648']) expect(P.safeParse({ dogId: bad }).success).toBe(false);
  });

  it('refuses dates after today with a field message', () => {
    expect(statusOf(() => assertNotInFuture('2026-11-24', '2026-11-23', 'date'))).toBe(400);
    expect(statusOf(() => assertNotInFuture('2026-11-23', '2026-11-23', 'date'))).toBeUndefined();
    expect(statusOf(() => assertNotInFuture(null, '2026-11-23', 'date'))).toBeUndefined();
  });
});

describe('operationIdOf', () => {
  it('derives readable, unique ids from method and path', () => {
    expect(operationIdOf('get', '/api/dogs/:dogId/diary')).toBe('getDogsByDogIdDiary');
    expect(operationIdOf('post', '/api/admin/upgrade-requests/:id/fulfill')).toBe('postAdminUpgradeRequestsByIdFulfill');
    expect(operationIdOf('get', '/api/dogs')).not.toBe(operationIdOf('post', '/api/dogs'));
  });
});

describe('area boundaries (ESLint rule)', () => {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], plugins: { house }, rules: { 'house/area-boundaries': 'error' } }],
  });
  const problems = async (file: string, code: string) => (await eslint.lintText(code, { filePath: file }))[0]?.messages.map((m) => m.ruleId) ?? [];

  it('lets an area reach another only through its index.ts, within its wing and across wings', async () => {
    expect(await problems('src/features/community/forum/x.ts', "import { a } from '../../dog-records/dogs/dogs.repo.js';")).toEqual(['house/area-boundaries']);
    expect(await problems('src/features/community/forum/x.ts', "import { a } from '../../dog-records/dogs/index.js';")).toEqual([]);
    expect(await problems('src/features/dog-records/diary/x.ts', "import { a } from '../dogs/dogs.repo.js';")).toEqual(['house/area-boundaries']);
    expect(await problems('src/features/dog-records/diary/x.ts', "import { a } from '../dogs/index.js';")).toEqual([]);
    expect(await problems('src/features/dog-records/diary/x.ts', "import { a } from './entries.repo.js';")).toEqual([]);
  });

  it('keeps core free of areas, and lets tests reach anywhere', async () => {
    expect(await problems('src/core/http/x.ts', "import { a } from '../../features/dog-records/dogs/index.js';")).toEqual(['house/area-boundaries']);
    expect(await problems('src/features/dog-records/diary/x.test.ts', "import { a } from '../dogs/dogs.repo.js';")).toEqual([]);
  });

  it('keeps areas and the client off the engine (src/platform), through a relative path or an alias', async () => {
    expect(await problems('src/features/dog-records/diary/x.ts', "import { a } from '../../../platform/http/listen.js';")).toEqual(['house/area-boundaries']);
    expect(await problems('src/features/dog-records/diary/x.ts', "import { a } from '#platform/http/listen.js';")).toEqual(['house/area-boundaries']);
    expect(await problems('src/client/core/x.ts', "import { a } from '#platform/db/migrate.js';")).toEqual(['house/area-boundaries']);
    expect(await problems('src/features/dog-records/diary/x.ts', "import { a } from '#core/http/route/errors.js';")).toEqual([]);
    expect(await problems('src/core/x.ts', "import { a } from '../platform/http/listen.js';")).toEqual([]);
    expect(await problems('src/platform/x.ts', "import { a } from '../features/dog-records/dogs/index.js';")).toEqual(['house/area-boundaries']);
  });

  it('applies the same plan to the client', async () => {
    expect(await problems('src/client/areas/dog-records/diary/x.tsx', "import { a } from '../dogs/dog-form.js';")).toEqual(['house/area-boundaries']);
    expect(await problems('src/client/areas/dog-records/diary/x.tsx', "import { a } from '../dogs/dogs-api.js';")).toEqual([]);
    expect(await problems('src/client/ui/x.tsx', "import { a } from '../areas/dog-records/dogs/dogs-api.js';")).toEqual(['house/area-boundaries']);
  });
});

describe('SQL only in repos (ESLint rule)', () => {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser }, plugins: { house }, rules: { 'house/sql-in-repos': 'error' } },
    ],
  });
  const problems = async (file: string, code: string) => (await eslint.lintText(code, { filePath: file }))[0]?.messages.map((m) => m.ruleId) ?? [];
  const query = "export const f = (db) => db.selectFrom('dogs').selectAll().execute();";

  it('refuses query builders and the sql template outside *.repo.ts and core/db', async () => {
    expect(await problems('src/features/dog-records/dogs/dogs.service.ts', query)).toEqual(['house/sql-in-repos']);
    expect(await problems('src/features/dog-records/dogs/dogs.service.ts', "export const f = (t) => t.deleteFrom('dogs').execute();")).toEqual([
      'house/sql-in-repos',
    ]);
    expect(await problems('src/core/push/notify.ts', "import { sql } from 'kysely';")).toEqual(['house/sql-in-repos']);
  });

  it('allows them in repos, core/db and tests, and type imports of kysely anywhere', async () => {
    expect(await problems('src/features/dog-records/dogs/dogs.repo.ts', query)).toEqual([]);
    expect(await problems('src/core/db/full-text.ts', "import { sql } from 'kysely';")).toEqual([]);
    expect(await problems('src/features/dog-records/dogs/dogs.test.ts', query)).toEqual([]);
    expect(
      await problems('src/features/dog-records/dogs/dogs.service.ts', "import type { Selectable } from 'kysely';\nimport { type Kysely } from 'kysely';"),
    ).toEqual([]);
  });
});

describe("users' files only through ctx.media (ESLint rule)", () => {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser }, plugins: { house }, rules: { 'house/media-through-store': 'error' } },
    ],
  });
  const problems = async (file: string, code: string) => (await eslint.lintText(code, { filePath: file }))[0]?.messages.map((m) => m.ruleId) ?? [];
  const byPath = "import { rm } from 'node:fs/promises';\nexport const f = (ctx, id) => rm(`${ctx.config.mediaDir}/u/${id}`, { recursive: true });";

  it('refuses the media folder outside core/media and the data folder in areas', async () => {
    expect(await problems('src/features/accounts/accounts/profile.service.ts', byPath)).toEqual(['house/media-through-store']);
    expect(await problems('src/core/geo-items/geo-item-kind.ts', 'export const f = ({ mediaDir }) => mediaDir;')).toEqual(['house/media-through-store']);
    expect(await problems('src/features/dog-records/diary/orphan-sweep.jobs.ts', "export const f = (ctx) => ctx.config.dataDir + '/media';")).toEqual([
      'house/media-through-store',
    ]);
  });

  it('allows them in core/media, the config, core and tests', async () => {
    expect(await problems('src/core/media/store/index.ts', 'export const f = (config) => config.mediaDir;')).toEqual([]);
    expect(await problems('src/core/config.ts', 'export const f = (e) => ({ mediaDir: e.x });')).toEqual([]);
    expect(await problems('src/bootstrap.ts', 'export const f = (config) => config.dataDir;')).toEqual([]);
    expect(await problems('src/features/accounts/accounts/profile.test.ts', byPath)).toEqual([]);
  });
});
