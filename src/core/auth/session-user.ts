import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/tables/accounts.js';

/** The user row as the session middleware loads it: everything but the password hash. */
export type SessionUser = Omit<Selectable<UsersTable>, 'password_hash'>;

export const SESSION_USER_COLUMNS = [
  'id',
  'email',
  'name',
  'bio',
  'city',
  'lat',
  'lon',
  'avatar_url',
  'profile_private',
  'notes_ki_enabled',
  'is_social_media',
  'rolle',
  'subscription_tier',
  'is_premium',
  'is_founder',
  'is_founder_pending',
  'founder_number',
  'is_partner',
  'status',
  'token_version',
  'email_verified_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof SessionUser)[];

/** The logged-in caller a handler and its service act for (route() guarantees it on every non-public route). */
export type Actor = SessionUser;

export type Role = 'user' | 'admin' | 'moderator';
export const isStaff = (u: Pick<SessionUser, 'rolle'>): boolean => u.rolle === 'admin' || u.rolle === 'moderator';
