import { z } from 'zod';
import { LIMITS } from '../../core/http/schema-kit.js';

export const InviteBody = z.strictObject({ email: z.email().max(LIMITS.email) }).meta({ id: 'InviteMemberBody' });
export type InviteBody = z.infer<typeof InviteBody>;

export const Member = z
  .object({
    id: z.number().int(),
    dog_id: z.number().int(),
    email: z.string(),
    role: z.enum(['caregiver']),
    status: z.enum(['pending', 'accepted']),
    created_at: z.string(),
    accepted_at: z.string().nullable(),
  })
  .meta({ id: 'DogMember' });
export type Member = z.infer<typeof Member>;

export const Invitation = Member.extend({ dog_name: z.string() }).meta({ id: 'DogInvitation' });
export type Invitation = z.infer<typeof Invitation>;

export const SharedDog = z
  .object({ id: z.number().int(), name: z.string(), photo_url: z.string().nullable(), owner_id: z.number().int() })
  .meta({ id: 'SharedDog' });
