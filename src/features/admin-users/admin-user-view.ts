import { z } from 'zod';
import type { SessionUser } from '../../core/auth/session-user.js';
import { flag } from '../../core/http/schema-kit.js';
import { asFlag, badgesOf, planBadge } from '../accounts/index.js';

export const USER_STATUSES = ['active', 'suspended', 'banned'] as const;

export const AdminUser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().meta({ description: 'Für Moderatoren maskiert (b***@e***.de)' }),
    rolle: z.string(),
    status: z.enum(USER_STATUSES),
    subscription_tier: z.string(),
    is_premium: flag,
    is_founder: flag,
    is_founder_pending: flag,
    founder_number: z.number().int().nullable(),
    is_partner: flag,
    plan_badge: z.enum(['admin', 'moderator', 'breeder', 'pro', 'free']),
    badges: z.array(z.string()),
    email_verified: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

/**
 * Spec, User rule 2: moderators see masked addresses. Keeps the first letter of the local part and of the domain
 * and the top-level domain: "bello.owner@example.de" → "b***@e***.de". Enough to tell accounts apart, not to write.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0] ?? ''}***@${domain[0] ?? ''}***${tld}`;
}

const asStatus = (s: string): AdminUser['status'] => ((USER_STATUSES as readonly string[]).includes(s) ? (s as AdminUser['status']) : 'active');

/** The one way a user reaches an admin view: the email is masked unless the viewer is an admin. */
export function toAdminUser(u: SessionUser, viewer: Pick<SessionUser, 'rolle'>): AdminUser {
  const badge = planBadge(u);
  const badges = badgesOf(u);
  return {
    id: u.id,
    name: u.name,
    email: viewer.rolle === 'admin' ? u.email : maskEmail(u.email),
    rolle: u.rolle,
    status: asStatus(u.status),
    subscription_tier: u.subscription_tier,
    is_premium: asFlag(u.is_premium),
    is_founder: asFlag(u.is_founder),
    is_founder_pending: asFlag(u.is_founder_pending),
    founder_number: u.founder_number,
    is_partner: asFlag(u.is_partner),
    plan_badge: badge,
    badges,
    email_verified: u.email_verified_at !== null,
    created_at: u.created_at,
  };
}
