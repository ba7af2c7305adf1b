import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Insertable } from 'kysely';
import request from 'supertest';
import { hashPassword } from '../../src/core/auth/passwords.js';
import { SESSION_COOKIE } from '../../src/core/auth/session.js';
import type { SessionUser } from '../../src/core/auth/session-user.js';
import type { AppContext } from '../../src/core/context.js';
import type { UsersTable } from '../../src/core/db/tables/accounts.js';

export const DEFAULT_PASSWORD = 'passwort-123';

let cachedHash: Promise<string> | undefined;
function defaultHash(ctx: AppContext): Promise<string> {
  cachedHash ??= hashPassword(DEFAULT_PASSWORD, ctx.config.auth.argon2);
  return cachedHash;
}

export type BuiltUser = SessionUser & { password: string };

/** Inserts a user directly (no HTTP, no mail). Password is DEFAULT_PASSWORD unless given. */
export async function buildUser(
  ctx: AppContext,
  overrides: Partial<Insertable<UsersTable>> & { password?: string } = {},
): Promise<BuiltUser> {
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

/** The session cookie header for a user, signed like a real login. */
export function sessionCookie(ctx: AppContext, user: Pick<SessionUser, 'id' | 'token_version'>): string {
  return `${SESSION_COOKIE}=${ctx.sessions.createToken(user).token}`;
}

/**
 * A supertest client logged in as `user`: every request carries the session cookie.
 * Usage: `await agentAs(t, user).get('/api/auth/me').expect(200)`.
 */
export function agentAs(t: { app: Express; ctx: AppContext }, user: Pick<SessionUser, 'id' | 'token_version'>) {
  return request.agent(t.app).set('Cookie', sessionCookie(t.ctx, user));
}
