import { z } from 'zod';
import { Id, LIMITS, requiredText } from '#core/http/route/schema-kit.js';
import { UserCard } from '../friends/index.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';

export const MessagesQuery = PageQuery.extend({
  after: Id.optional().meta({ description: 'Nur Nachrichten nach dieser id (zum Abfragen im Takt, höchstens 200); ohne: die neueste Seite' }),
})
  .strict()
  .refine((q) => q.after === undefined || q.cursor === undefined, {
    message: 'Entweder after (neue Nachrichten) oder cursor (ältere), nicht beides.',
    path: ['cursor'],
  });
export type MessagesQuery = z.infer<typeof MessagesQuery>;
export const SendMessageBody = z
  .strictObject({ text: requiredText(LIMITS.body).meta({ description: 'Höchstens 10.000 Zeichen' }) })
  .meta({ id: 'SendMessageBody' });

export const Message = z
  .object({
    id: z.number().int(),
    sender_id: z.number().int(),
    recipient_id: z.number().int(),
    text: z.string(),
    created_at: z.string(),
    read_at: z.string().nullable(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;
export const MessageList = pageSchema(Message)
  .extend({ partner: UserCard.meta({ description: 'Mit wem die Unterhaltung ist (Name für die Überschrift)' }) })
  .meta({ id: 'MessageList' });
export type MessageList = z.infer<typeof MessageList>;
export const Conversation = z.object({ user: UserCard, last_message: Message, unread: z.number().int() }).meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof Conversation>;
export const ConversationList = pageSchema(Conversation)
  .extend({ unread_total: z.number().int().meta({ description: 'Ungelesene aus allen Unterhaltungen, nicht nur dieser Seite' }) })
  .meta({ id: 'ConversationList' });
