import { z } from 'zod';
import type { SessionUser } from '#core/auth/session-user.js';
import { flag } from '#core/http/route/schema-kit.js';

export type PlanBadge = 'admin' | 'moderator' | 'breeder' | 'pro' | 'free';

/** Role first, then tier; breeder_test and anything unknown show as free (decisions.md). */
export function planBadge(user: Pick<SessionUser, 'rolle' | 'subscription_tier'>): PlanBadge {
  if (user.rolle === 'admin' || user.rolle === 'moderator') return user.rolle;
  if (user.subscription_tier === 'breeder' || user.subscription_tier === 'pro') return user.subscription_tier;
  return 'free';
}

/** The plan and standing fields every view of a user shows (own profile and admin views alike). */
export const planFields = {
  rolle: z.string().meta({ description: 'user, admin oder moderator' }),
  subscription_tier: z.string().meta({ description: 'free, pro, breeder oder breeder_test' }),
  is_premium: flag,
  is_founder: flag,
  is_founder_pending: flag,
  founder_number: z.number().int().nullable(),
  is_partner: flag,
  plan_badge: z.enum(['admin', 'moderator', 'breeder', 'pro', 'free']),
  badges: z.array(z.string()).meta({ description: 'Plan-Abzeichen plus founder und partner, wenn zutreffend' }),
  email_verified: z.boolean(),
  created_at: z.string(),
};

export const CurrentUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    bio: z.string().nullable(),
    city: z.string().nullable(),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    avatar_url: z.string().nullable(),
    profile_private: flag,
    notes_ki_enabled: flag,
    is_social_media: flag,
    ...planFields,
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

/** A database flag as the API's 0/1. */
export const asFlag = (v: number): 0 | 1 => (v ? 1 : 0);

/** The plan badge first, then the separate founder and partner badges (spec, User rule 4). */
export function badgesOf(u: Pick<SessionUser, 'rolle' | 'subscription_tier' | 'is_founder' | 'is_partner'>): string[] {
  const badges: string[] = [planBadge(u)];
  if (u.is_founder) badges.push('founder');
  if (u.is_partner) badges.push('partner');
  return badges;
}

/** The values of `planFields` for a user. */
export function planFieldsOf(u: SessionUser) {
  return {
    rolle: u.rolle,
    subscription_tier: u.subscription_tier,
    is_premium: asFlag(u.is_premium),
    is_founder: asFlag(u.is_founder),
    is_founder_pending: asFlag(u.is_founder_pending),
    founder_number: u.founder_number,
    is_partner: asFlag(u.is_partner),
    plan_badge: planBadge(u),
    badges: badgesOf(u),
    email_verified: u.email_verified_at !== null,
    created_at: u.created_at,
  };
}

/** The current-user response: never the password hash, the token version or the account status. */
export function toCurrentUser(u: SessionUser): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    bio: u.bio,
    city: u.city,
    lat: u.lat,
    lon: u.lon,
    avatar_url: u.avatar_url,
    profile_private: asFlag(u.profile_private),
    notes_ki_enabled: asFlag(u.notes_ki_enabled),
    is_social_media: asFlag(u.is_social_media),
    ...planFieldsOf(u),
  };
}
