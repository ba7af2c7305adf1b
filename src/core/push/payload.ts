import { createHash } from 'node:crypto';

/** What `notify` gets from an area; the push payload is exactly this (decisions: `{ title, body, url, tag }`). */
export interface NotifyMessage {
  title: string;
  body: string;
  /** Where a tap leads: a path inside the app, e.g. /app/tagebuch/eintrag/12. */
  url: string;
  /** Notifications with the same tag replace each other on the device (e.g. one per chat). */
  tag?: string;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * The encrypted message must stay within 4096 bytes (RFC 8030; larger is 413). aes128gcm adds an 86-byte header,
 * a 16-byte tag and a padding byte, so the plaintext budget is about 3,990 bytes; we keep a margin.
 */
export const MAX_PAYLOAD_BYTES = 3_800;

/** An app path: starts with one slash (no scheme, no other host). */
export function isAppPath(url: string): boolean {
  return /^\/(?!\/)[^\s\\]*$/.test(url) && url.length <= 500;
}

/** The JSON the service worker receives; the body is shortened (with …) until the whole fits the budget. */
export function pushPayload(message: NotifyMessage, fallbackTag: string): string {
  const base: PushPayload = { title: message.title.slice(0, 200), body: message.body, url: message.url, tag: (message.tag ?? fallbackTag).slice(0, 100) };
  let json = JSON.stringify(base);
  if (Buffer.byteLength(json) <= MAX_PAYLOAD_BYTES) return json;
  let body = base.body;
  while (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES && body.length > 0) {
    const over = Buffer.byteLength(json) - MAX_PAYLOAD_BYTES;
    // Cut at least the excess in characters (a character is 1–4 bytes), then re-measure.
    body = body.slice(0, Math.max(0, body.length - Math.max(over, 16) - 1));
    json = JSON.stringify({ ...base, body: `${body}…` });
  }
  return json;
}

/**
 * The Topic header (≤ 32 URL-safe base64 characters): a push service replaces a message still waiting for the
 * device with a newer one of the same topic, so a device coming online gets one message per tag, not a pile.
 */
export function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}
