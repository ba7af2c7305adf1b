import { randomBytes, randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Insertable, Selectable } from 'kysely';
import request from 'supertest';
import { hashPassword } from '#core/auth/passwords.js';
import { SESSION_COOKIE } from '#core/auth/session.js';
import type { SessionUser } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import type { UsersTable } from '#core/db/tables/accounts.js';
import type { DiaryEntriesTable, DiaryMediaTable } from '#core/db/tables/diary.js';
import type { DogsTable } from '#core/db/tables/dogs.js';
import type { HelpArticlesTable } from '#core/db/tables/help.js';
import type { InvoicesTable } from '#core/db/tables/invoices.js';
import type { PartnerCodesTable } from '#core/db/tables/partner.js';
import type { UpgradeRequestsTable } from '#core/db/tables/upgrades.js';

export const DEFAULT_PASSWORD = 'passwort-123';

let cachedHash: Promise<string> | undefined;
function defaultHash(ctx: AppContext): Promise<string> {
  cachedHash ??= hashPassword(DEFAULT_PASSWORD, ctx.config.auth.argon2);
  return cachedHash;
}

export type BuiltUser = SessionUser & { password: string };

/** Inserts a user directly (no HTTP, no mail). Password is DEFAULT_PASSWORD unless given. */
export async function buildUser(ctx: AppContext, overrides: Partial<Insertable<UsersTable>> & { password?: string } = {}): Promise<BuiltUser> {
  const { password = DEFAULT_PASSWORD, ...columns } = overrides;
  const now = ctx.clock.now().toISOString();
  const hash = password === DEFAULT_PASSWORD ? await defaultHash(ctx) : await hashPassword(password, ctx.config.auth.argon2);
  const row = await ctx.db
    .insertInto('users')
    .values({
      email: `user-${randomUUID()}@example.de`,
      name: 'Testnutzer',
      password_hash: hash,
      created_at: now,
      updated_at: now,
      email_verified_at: now,
      ...columns,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const { password_hash: _hash, ...user } = row;
  return { ...user, password };
}

export const buildAdmin = (ctx: AppContext, overrides: Partial<Insertable<UsersTable>> = {}) =>
  buildUser(ctx, { rolle: 'admin', name: 'Admina', ...overrides });
export const buildModerator = (ctx: AppContext, overrides: Partial<Insertable<UsersTable>> = {}) =>
  buildUser(ctx, { rolle: 'moderator', name: 'Moderator', ...overrides });

/**
 * The session cookie header for a user, signed like a real login. The session is raised (`sf`: a passkey or TOTP
 * code just now), as POST /api/auth/step-up leaves it, so staff routes serve an admin or moderator for 12 hours of
 * the app's clock (STAFF_SECOND_FACTOR=required). `{ raised: false }` gives a password-only session.
 */
export function sessionCookie(ctx: AppContext, user: Pick<SessionUser, 'id' | 'token_version'>, options: { raised?: boolean } = {}): string {
  const session = options.raised === false ? undefined : { sf: ctx.sessions.nowSeconds() };
  return `${SESSION_COOKIE}=${ctx.sessions.createToken(user, session).token}`;
}

/**
 * A supertest client logged in as `user`: every request carries the session cookie.
 * Usage: `await agentAs(t, user).get('/api/auth/me').expect(200)`.
 */
export function agentAs(t: { app: Express; ctx: AppContext }, user: Pick<SessionUser, 'id' | 'token_version'>) {
  return request.agent(t.app).set('Cookie', sessionCookie(t.ctx, user));
}

/**
 * Makes `caregiver` a caregiver of the dog as people do it, through the API: the owner (`ownerAgent`) invites by
 * email, the caregiver accepts. The accepted invitation leaves its notification in the owner's inbox.
 */
export async function shareDog(
  t: { app: Express; ctx: AppContext },
  ownerAgent: ReturnType<typeof agentAs>,
  dogId: number,
  caregiver: Pick<SessionUser, 'id' | 'token_version' | 'email'>,
): Promise<void> {
  const invitation = await ownerAgent.post(`/api/dogs/${dogId}/members`).send({ email: caregiver.email }).expect(201);
  await agentAs(t, caregiver).post(`/api/dog-invitations/${invitation.body.id}/accept`).expect(200);
}

/** Inserts a dog directly (no HTTP); `user` is its owner, made with buildUser when not given. */
export async function buildDog(
  ctx: AppContext,
  overrides: Partial<Insertable<DogsTable>> & { user?: Pick<SessionUser, 'id'> } = {},
): Promise<Selectable<DogsTable>> {
  const { user, ...columns } = overrides;
  const userId = columns.user_id ?? user?.id ?? (await buildUser(ctx)).id;
  const now = ctx.clock.now().toISOString();
  return ctx.db
    .insertInto('dogs')
    .values({ name: 'Bello', created_at: now, updated_at: now, ...columns, user_id: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Inserts a diary entry directly, for `dog` (made with buildDog when not given). A position (`lat`/`lon`) gets
 * its map cell as the app stores it.
 */
export async function buildDiaryEntry(
  ctx: AppContext,
  overrides: Partial<Insertable<DiaryEntriesTable>> & { dog?: Pick<Selectable<DogsTable>, 'id'> } = {},
): Promise<Selectable<DiaryEntriesTable>> {
  const { dog, ...columns } = overrides;
  const dogId = columns.dog_id ?? dog?.id ?? (await buildDog(ctx)).id;
  const now = ctx.clock.now().toISOString();
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 1000));
  // Written by the dog's owner unless told otherwise, as the app does.
  const owner = await ctx.db.selectFrom('dogs').select('user_id').where('id', '=', dogId).executeTakeFirst();
  return ctx.db
    .insertInto('diary_entries')
    .values({
      author_id: owner?.user_id ?? null,
      date: dateInZone(ctx.clock.now(), ctx.config.timeZone),
      text: 'Ein Tag mit Bello',
      cell_lat: cell(columns.lat),
      cell_lon: cell(columns.lon),
      created_at: now,
      updated_at: now,
      ...columns,
      dog_id: dogId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Inserts a diary media row directly (no file is written), for `entry` (made with buildDiaryEntry when not
 * given), with a URL of the shape uploads get.
 */
export async function buildDiaryMedia(
  ctx: AppContext,
  overrides: Partial<Insertable<DiaryMediaTable>> & { entry?: Pick<Selectable<DiaryEntriesTable>, 'id' | 'dog_id'> } = {},
): Promise<Selectable<DiaryMediaTable>> {
  const { entry: given, ...columns } = overrides;
  const entry = given ?? (await buildDiaryEntry(ctx));
  const { user_id } = await ctx.db.selectFrom('dogs').select('user_id').where('id', '=', entry.dog_id).executeTakeFirstOrThrow();
  const url = columns.url ?? `/media/u/${user_id}/dogs/${entry.dog_id}/diary/${randomBytes(16).toString('base64url')}.jpg`;
  return ctx.db
    .insertInto('diary_media')
    .values({
      preview_url: url.replace(/\.\w+$/, '_preview.webp'),
      width: 64,
      height: 48,
      bytes: 1000,
      created_at: ctx.clock.now().toISOString(),
      ...columns,
      url,
      entry_id: entry.id,
      dog_id: entry.dog_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

let codeSeq = 0;

/** Inserts a partner code directly; `created_by` is an admin made with buildAdmin when not given. Codes are unique. */
export async function buildPartnerCode(ctx: AppContext, overrides: Partial<Insertable<PartnerCodesTable>> = {}): Promise<Selectable<PartnerCodesTable>> {
  const createdBy = overrides.created_by !== undefined ? overrides.created_by : (await buildAdmin(ctx)).id;
  return ctx.db
    .insertInto('partner_codes')
    .values({
      code: `CODE-${randomUUID().slice(0, 8).toUpperCase()}-${++codeSeq}`,
      label: 'Hundeschule Pfote',
      max_uses: 10,
      created_at: ctx.clock.now().toISOString(),
      ...overrides,
      created_by: createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Inserts an upgrade request directly (open, for Pro); `user` is made with buildUser when not given. One open request per user. */
export async function buildUpgradeRequest(
  ctx: AppContext,
  overrides: Partial<Insertable<UpgradeRequestsTable>> & { user?: Pick<SessionUser, 'id'> } = {},
): Promise<Selectable<UpgradeRequestsTable>> {
  const { user, ...columns } = overrides;
  const userId = columns.user_id ?? user?.id ?? (await buildUser(ctx)).id;
  const now = ctx.clock.now().toISOString();
  return ctx.db
    .insertInto('upgrade_requests')
    .values({ tier: 'pro', message: 'Ich züchte Dackel.', created_at: now, updated_at: now, ...columns, user_id: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Inserts an issued RG invoice directly with one item of `total_cents` (gross, 19 % VAT), for `user` (made with
 * buildUser when not given). The number comes from the RG counter, so invoices issued over HTTP stay gapless.
 */
export async function buildInvoice(
  ctx: AppContext,
  overrides: Partial<Insertable<InvoicesTable>> & { user?: Pick<SessionUser, 'id' | 'name' | 'email'> } = {},
): Promise<Selectable<InvoicesTable>> {
  const { user: given, ...columns } = overrides;
  const user = given ?? (await buildUser(ctx));
  const total = columns.total_cents ?? 1190;
  const vat = Math.round((total * 19) / 119);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { last } = await trx
      .updateTable('invoice_counters')
      .set((eb) => ({ last: eb('last', '+', 1) }))
      .where('prefix', '=', 'RG')
      .returning('last')
      .executeTakeFirstOrThrow();
    const invoice = await trx
      .insertInto('invoices')
      .values({
        number: `RG-${String(last).padStart(6, '0')}`,
        prefix: 'RG',
        seq: last,
        user_id: user.id,
        issue_date: dateInZone(now, ctx.config.timeZone),
        billing_name: user.name,
        billing_email: user.email,
        billing_address: null,
        issuer_name: 'Pfotenbuch',
        issuer_address: 'Hundeweg 1|80331 München',
        issuer_vat_id: null,
        vat_rate_percent: 19,
        net_cents: total - vat,
        vat_cents: vat,
        total_cents: total,
        note: null,
        created_by: null,
        created_at: now.toISOString(),
        ...columns,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('invoice_items')
      .values({ invoice_id: invoice.id, position: 1, description: 'Pro-Jahresabo', quantity: 1, amount_cents: total, line_total_cents: total })
      .execute();
    return invoice;
  });
}

/** Inserts an active help article directly (category "konto", next position 0 unless given). */
export async function buildHelpArticle(ctx: AppContext, overrides: Partial<Insertable<HelpArticlesTable>> = {}): Promise<Selectable<HelpArticlesTable>> {
  const now = ctx.clock.now().toISOString();
  return ctx.db
    .insertInto('help_articles')
    .values({
      category: 'konto',
      title: 'Wie ändere ich mein Passwort?',
      body: 'Im Profil unter Sicherheit.',
      active: 1,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Friendships inserted directly, for a test that needs many (a request each through the API would be slow):
 * `from` asked `to`, accepted unless `status` says otherwise, all at `at`. Answers the new rows' ids in order.
 */
export async function buildFriendships(ctx: AppContext, pairs: { from: number; to: number; status?: 'accepted' | 'pending' }[], at: string): Promise<number[]> {
  const rows = pairs.map(({ from, to, status = 'accepted' }) => ({
    requester_id: from,
    addressee_id: to,
    user_low: Math.min(from, to),
    user_high: Math.max(from, to),
    status,
    created_at: at,
    accepted_at: status === 'accepted' ? at : null,
  }));
  return (await ctx.db.insertInto('friendships').values(rows).returning('id').execute()).map((r) => r.id);
}
