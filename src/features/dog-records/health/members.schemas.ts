import { z } from 'zod';
import { Dog } from '../dogs/index.js';
import { LIMITS } from '#core/http/route/schema-kit.js';

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

export const Invitation = Member.extend({
  dog_name: z.string(),
  invited_by_name: z.string().nullable().meta({ description: 'Wer eingeladen hat (null, wenn das Konto gelöscht ist)' }),
}).meta({ id: 'DogInvitation' });
export type Invitation = z.infer<typeof Invitation>;

/** A dog someone shares with me: the dog as its owner sees it, and whose it is. */
export const SharedDog = Dog.extend({ owner_id: z.number().int(), owner_name: z.string() }).meta({ id: 'SharedDog' });
export type SharedDog = z.infer<typeof SharedDog>;
