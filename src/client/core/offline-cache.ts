import { parseAnswer } from './parse-answer.js';
import { createStore } from './store.js';

/**
 * The last GET responses, kept in localStorage so the app can show them read-only when the API is unreachable.
 * Small on purpose: JSON only (photos come from the service worker's cache or not at all), newest first, trimmed
 * by count and size. Cleared on logout, so the next person on the device sees nothing of it.
 */
const PREFIX = 'pb-cache:';
const INDEX_KEY = 'pb-cache-index';
const MAX_ENTRIES = 60;
const MAX_ENTRY_CHARS = 400_000;

/** true while the last request could not reach the server. */
export const offline = createStore(typeof navigator !== 'undefined' && navigator.onLine === false);

interface CachedEntry {
  savedAt: string;
  data: unknown;
}

function readIndex(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(INDEX_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function writeIndex(keys: string[]): void {
  localStorage.setItem(INDEX_KEY, JSON.stringify(keys));
}

export function saveResponse(path: string, data: unknown): void {
  try {
    const json = JSON.stringify({ savedAt: new Date().toISOString(), data } satisfies CachedEntry);
    if (json.length > MAX_ENTRY_CHARS) return;
    const keys = [path, ...readIndex().filter((k) => k !== path)];
    for (const dropped of keys.splice(MAX_ENTRIES)) localStorage.removeItem(PREFIX + dropped);
    localStorage.setItem(PREFIX + path, json);
    writeIndex(keys);
  } catch {
    // Storage full or disabled (private mode): the app works without the offline copy.
  }
}

export function loadResponse<T>(path: string): { data: T; savedAt: string } | null {
  try {
    const raw = localStorage.getItem(PREFIX + path);
    if (!raw) return null;
    const entry = parseAnswer(raw) as CachedEntry;
    return { data: entry.data as T, savedAt: entry.savedAt };
  } catch {
    return null;
  }
}

/** Drops cached responses whose path starts with `prefix` (all of them without one). */
export function clearResponses(prefix = ''): void {
  try {
    const keep: string[] = [];
    for (const key of readIndex()) {
      if (key.startsWith(prefix)) localStorage.removeItem(PREFIX + key);
      else keep.push(key);
    }
    writeIndex(keep);
  } catch {
    // nothing cached
  }
}
