import { z } from 'zod';
import { PageQuery, pageSchema } from '../../core/http/pagination.js';

export const Notification = z
  .object({
    id: z.number().int(),
    type: z.string().meta({ example: 'diary_anniversary' }),
    title: z.string(),
    body: z.string(),
    url: z.string().nullable().meta({ description: 'Wohin ein Tippen führt (Pfad in der App)' }),
    read: z.union([z.literal(0), z.literal(1)]),
    read_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = pageSchema(Notification)
  .extend({ unread_count: z.number().int().meta({ description: 'Ungelesene insgesamt' }) })
  .meta({ id: 'NotificationPage' });

export const ListNotificationsQuery = PageQuery.extend({
  unread: z.enum(['0', '1']).optional().meta({ description: '1: nur ungelesene' }),
});

export const NotificationIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
