import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from '#core/push/index.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { flag, LIMITS } from '#core/http/route/schema-kit.js';

export const Notification = z
  .object({
    id: z.number().int(),
    type: z.string().meta({ description: 'Die Art (siehe Einstellungen), z. B. anniversary', example: 'anniversary' }),
    title: z.string(),
    body: z.string(),
    url: z.string().nullable().meta({ description: 'Wohin ein Tippen führt (Pfad in der App)' }),
    read: flag,
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
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuery>;

export const UnreadCount = z.object({ unread: z.number().int() }).meta({ id: 'UnreadCount' });
export const ReadAllResult = z.object({ updated: z.number().int() });

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Bitte als HH:MM angeben, z. B. 22:00.');

const kindFlags = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>;

/** What the user chooses: `{ <kind>: boolean }` for every kind (decisions: Push), the quiet hours, safety mails. */
const ChosenSettings = z.object({
  ...kindFlags,
  quiet_hours: z.boolean().meta({ description: 'Ruhezeit an: Pushes darin kommen erst an ihrem Ende' }),
  quiet_hours_start: hhmm.meta({ example: '22:00' }),
  quiet_hours_end: hhmm.meta({ example: '07:00' }),
  safety_mail: z.enum(['auto', 'on', 'off']).meta({
    description: 'Giftköder- und Vermisst-Warnungen auch per Mail: auto = solange ein Heimatgebiet gespeichert ist und kein Gerät Push empfängt',
  }),
});

/** The choices, and what follows from them for safety alerts (read only). */
export const NotificationSettings = ChosenSettings.extend({
  safety_mail_active: z.boolean().meta({ description: 'Warnungen in der Nähe kommen gerade auch per Mail' }),
  home_area: z.boolean().meta({ description: 'Ein Heimatgebiet ist gespeichert (ohne keine Warnungen in der Nähe)' }),
  push_devices: z.number().int().meta({ description: 'Geräte mit Push-Anmeldung' }),
}).meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** Only the fields sent change; an unknown kind or a read-only field is 400 (strict). */
export const UpdateNotificationSettingsBody = z.strictObject(ChosenSettings.partial().shape).meta({ id: 'UpdateNotificationSettingsBody' });
export type UpdateNotificationSettingsBody = z.infer<typeof UpdateNotificationSettingsBody>;

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what}: kein gültiges Base64url.`)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, `${what}: falsche Länge.`);

/** What PushSubscription.toJSON() gives in the browser (expirationTime is allowed and ignored). */
export const PushSubscriptionBody = z
  .strictObject({
    endpoint: z
      .string()
      .max(LIMITS.url)
      .pipe(z.url({ protocol: /^https?$/, message: 'Ungültige Push-Adresse.' })),
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject({
      // An uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte secret (RFC 8291).
      p256dh: base64url(65, 'p256dh').refine((v) => Buffer.from(v, 'base64url')[0] === 4, 'p256dh: kein P-256-Schlüssel.'),
      auth: base64url(16, 'auth'),
    }),
  })
  .meta({ id: 'PushSubscriptionBody' });
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const UnsubscribeBody = z.strictObject({ endpoint: z.string().max(LIMITS.url) });
export type UnsubscribeBody = z.infer<typeof UnsubscribeBody>;

export const PushSubscription = z.object({ id: z.number().int(), endpoint: z.string(), created_at: z.string() }).meta({ id: 'PushSubscription' });
export type PushSubscription = z.infer<typeof PushSubscription>;

export const PublicKey = z.object({ key: z.string().meta({ description: 'VAPID-Schlüssel (applicationServerKey), Base64url' }) });
