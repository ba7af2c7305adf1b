import { z } from 'zod';
import type { SessionUser } from '#core/auth/session-user.js';
import { planFields, planFieldsOf } from '../../accounts/accounts/index.js';

export const USER_STATUSES = ['active', 'suspended', 'banned'] as const;

export const AdminUser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().meta({ description: 'Für Moderatoren maskiert (b***@e***.de)' }),
    status: z.enum(USER_STATUSES),
    ...planFields,
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
  return {
    id: u.id,
    name: u.name,
    email: viewer.rolle === 'admin' ? u.email : maskEmail(u.email),
    status: asStatus(u.status),
    ...planFieldsOf(u),
  };
}
