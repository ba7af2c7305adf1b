import type { BodyOf } from '../../../core/api.js';
import { api } from '../../../core/api.js';
import { endPushSubscription, pushRegistration, pushSupported } from '../../../core/push-subscription.js';

/** Push on this device: not possible here, blocked by the user, off, or on. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await pushRegistration();
  if (!reg) return 'unsupported';
  const sub = await reg.pushManager.getSubscription().catch(() => null);
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** How long subscribing may take once permission is given: the browser asks its push service, which can hang. */
export const SUBSCRIBE_TIMEOUT_MS = 10_000;

/** Subscribing took longer than SUBSCRIBE_TIMEOUT_MS (the browser's push service did not answer). */
export class PushTimeoutError extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer = 0;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new PushTimeoutError()), ms);
  });
  return Promise.race([work, timeout]).finally(() => window.clearTimeout(timer));
}

/**
 * Asks for permission (only ever called from a button the user pressed), subscribes this browser and registers
 * the subscription with the server. A refusal leaves the app working as before. The permission prompt may take
 * as long as the user likes; the subscription itself gives up after 10 s (PushTimeoutError).
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  return withTimeout(subscribe(), SUBSCRIBE_TIMEOUT_MS);
}

async function subscribe(): Promise<PushState> {
  const reg = await pushRegistration();
  if (!reg) return 'unsupported';
  const { key } = await api.GET('/api/push/public-key');
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await api.POST('/api/push/subscriptions', { body: sub.toJSON() as BodyOf<'/api/push/subscriptions', 'post'> });
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  await endPushSubscription();
  return 'off';
}
