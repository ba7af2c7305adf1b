/**
 * The notification kinds (decisions: Push, notifications and jobs). Every area sends one of these through
 * `notify`; users switch each on or off in /api/me/notification-settings. A new kind is a line here.
 *
 * TTL: how long a push service keeps the message for a device that is offline (from the time it is sent);
 * after that it is stale. Urgency tells a phone on battery saving how much the message may wake it. `safety`: never
 * held by quiet hours (decisions: Safety alerts): a dog walked at night or at dawn meets the bait before 07:00.
 */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'message',
  'anniversary',
  'care_due',
  'heat_cycle',
  'vaccination_due',
  // Not in the decisions' list: the health area's "medication ends today" reminder needs its own switch.
  'medication_end',
  // Not in the decisions' list by name: the vet appointment reminders (the evening before and on the day, issue 32).
  'vet_appointment',
  // Not in the decisions' list either: an invitation to care for someone's dog (family sharing).
  'family_invite',
  'poison_nearby',
  'lost_dog_nearby',
  'playdate',
  // Not in the decisions' list: the Pro year earned with confirmed dog-welcome contributions (issue 15).
  'map_contribution',
  // Not in the decisions' list (issue 25): a reply in one's forum thread, and, for admins and moderators, a new
  // report or upgrade request in their queue.
  'forum_reply',
  'moderation',
  // Not in the decisions' list (issue 26): "your data export is ready to download".
  'data_export',
  // Not in the decisions' list (issue 32): an invoice issued to the user, or its cancellation.
  'invoice',
  // Issue 52: an official weather warning (DWD) for the home area that changes a walk: heat, thunderstorm, storm, frost, ice.
  'weather_alert',
  // Issue 53: a duty's due or renewal date in 14 days, and the yearly "Sind Chip und Registrierung noch aktuell?".
  'duty',
  // Trips abroad and doses (issue 51, decisions): a trip's window opens or closes soon; a medication runs low.
  'trip',
  'medication_refill',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

const HOUR = 3600;
const DAY = 24 * HOUR;

export const KIND_DELIVERY: Readonly<Record<NotificationKind, { ttlSeconds: number; urgency: Urgency; safety?: true }>> = {
  friend_request: { ttlSeconds: 7 * DAY, urgency: 'normal' },
  message: { ttlSeconds: DAY, urgency: 'high' },
  anniversary: { ttlSeconds: DAY, urgency: 'low' }, // "heute vor ... Jahren" is only true today
  care_due: { ttlSeconds: DAY, urgency: 'normal' },
  heat_cycle: { ttlSeconds: 2 * DAY, urgency: 'normal' },
  vaccination_due: { ttlSeconds: 3 * DAY, urgency: 'normal' },
  medication_end: { ttlSeconds: DAY, urgency: 'normal' },
  vet_appointment: { ttlSeconds: 12 * HOUR, urgency: 'normal' }, // past the appointment it is no reminder
  family_invite: { ttlSeconds: 7 * DAY, urgency: 'normal' },
  // Short-lived: a warning that reaches a phone hours later is news, not a warning (the app's list keeps it).
  poison_nearby: { ttlSeconds: 3 * HOUR, urgency: 'high', safety: true },
  lost_dog_nearby: { ttlSeconds: 3 * HOUR, urgency: 'high', safety: true },
  playdate: { ttlSeconds: DAY, urgency: 'normal' },
  map_contribution: { ttlSeconds: 7 * DAY, urgency: 'low' },
  forum_reply: { ttlSeconds: 2 * DAY, urgency: 'normal' },
  moderation: { ttlSeconds: 2 * DAY, urgency: 'normal' },
  data_export: { ttlSeconds: 7 * DAY, urgency: 'low' },
  invoice: { ttlSeconds: 7 * DAY, urgency: 'low' },
  // Not a safety alert (decisions: quiet hours hold it); a warning read half a day later is mostly over.
  weather_alert: { ttlSeconds: 6 * HOUR, urgency: 'normal' },
  duty: { ttlSeconds: 3 * DAY, urgency: 'low' },
  trip: { ttlSeconds: DAY, urgency: 'normal' },
  medication_refill: { ttlSeconds: 2 * DAY, urgency: 'normal' },
};

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}
