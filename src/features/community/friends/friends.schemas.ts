import { z } from 'zod';
import { flagInput, Id } from '#core/http/route/schema-kit.js';
import { pageSchema } from '#core/http/route/pagination.js';

export const UserSearchQuery = z.strictObject({
  q: z.string().trim().min(2, 'Bitte mindestens 2 Zeichen eingeben.').max(100),
});

export const UserCard = z
  .object({ id: z.number().int(), name: z.string(), avatar_url: z.string().nullable(), city: z.string().nullable() })
  .meta({ id: 'UserCard' });
export type UserCard = z.infer<typeof UserCard>;
export const UserSearchResult = z.object({ items: z.array(UserCard) }).meta({ id: 'UserSearchResult' });

export const FriendRequestBody = z.strictObject({ user_id: Id }).meta({ id: 'FriendRequestBody' });
export const FriendRequest = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'accepted']),
    user: UserCard.meta({ description: 'Die andere Person' }),
    created_at: z.string(),
  })
  .meta({ id: 'FriendRequest' });
export type FriendRequest = z.infer<typeof FriendRequest>;
export const FriendRequestPage = pageSchema(FriendRequest).meta({ id: 'FriendRequestPage' });
export const FriendRequests = z
  .object({
    incoming: z.array(FriendRequest).meta({ description: 'Die neuesten Anfragen an dich (höchstens `limit`)' }),
    outgoing: z.array(FriendRequest).meta({ description: 'Deine neuesten Anfragen (höchstens `limit`)' }),
    incoming_total: z.number().int().meta({ description: 'Alle offenen Anfragen an dich (für das Abzeichen)' }),
    outgoing_total: z.number().int().meta({ description: 'Alle deine offenen Anfragen' }),
  })
  .meta({ id: 'FriendRequests' });
export const Friend = z.object({ user: UserCard, since: z.string() }).meta({ id: 'Friend' });
export type Friend = z.infer<typeof Friend>;
export const FriendList = pageSchema(Friend).meta({ id: 'FriendList' });
export const Block = z.object({ user: UserCard, blocked_at: z.string() }).meta({ id: 'Block' });
export type Block = z.infer<typeof Block>;

/** Declining an incoming request; `block` also blocks its sender in the same step (decisions, wave 4). */
export const DeclineRequestBody = z
  .strictObject({ block: flagInput.optional().meta({ description: 'Auch blockieren: die Person kann dir keine Anfrage und keine Nachricht mehr schicken' }) })
  .meta({ id: 'DeclineRequestBody' });
export type DeclineRequestBody = z.infer<typeof DeclineRequestBody>;
