import { api, ApiError, send, urlOf, apiHref } from './api.js';
import { diaryPhotoForm, photoFields } from './photos/photo-form.js';
import type { PreparedPhoto } from './photos/photo-prep.js';
import type { AnswerOf, Init, PathOf } from './api-types.js';
import { inStore, WRITES } from './idb.js';
import { clearResponses } from './offline-cache.js';
import { session } from './session.js';
import { createStore } from './store.js';

/**
 * The offline write queue (decisions: "Offline writes"). The five writes a walk produces (diary entry with
 * photos, weight, care tick, training session, walk) are tried at once with an Idempotency-Key; when the network
 * fails they wait in IndexedDB with that same key and are sent later, one after another: on `online`, at app
 * start, by Background Sync (the service worker, views/pwa/sw.js, replays the same records) and by
 * "Jetzt senden". The key makes every replay safe: the server answers a repeated key with the first result.
 * A server "no" (403, 404, 409, 422 …) keeps the write as failed with the server's message; nothing is dropped
 * without the user saying so.
 */

export type WriteKind = 'diary' | 'weight' | 'care' | 'training' | 'walk';

export interface QueuedPhoto {
  name: string;
  type: string;
  blob: Blob;
  /** Each photo request has its own key, so a repeated upload stores the photo once. */
  key: string;
  /** Position and time read before shrinking (photo-form.ts); absent in writes queued before wave 4. */
  fields?: Record<string, string>;
}

export interface QueuedWrite {
  id: string;
  /** Whose write this is: another login on the device neither sees nor sends it. */
  userId: number;
  kind: WriteKind;
  dogId: number | null;
  url: string;
  body: unknown;
  key: string;
  /** German one-liner for the lists ("Gewicht: 12,5 kg am 21.11.2026"). */
  label: string;
  /** Diary photos still to upload (after the entry exists). */
  photos: QueuedPhoto[];
  /** The diary entry the server made, once it exists (then only photos are left). */
  entryId: number | null;
  state: 'waiting' | 'failed';
  reason: string | null;
  createdAt: string;
}

/** A queued write: the typed POST (path and init as `api.POST` takes them) and what the lists say about it. */
export interface WriteSpec<P extends PathOf<'post'>, I extends Init<P, 'post'>> {
  kind: WriteKind;
  dogId: number | null;
  path: P;
  init: I;
  label: string;
  /** Diary photos, shrunk on demand: only queued when the entry itself has to wait (online, the editor uploads them). */
  photos?: () => Promise<PreparedPhoto[]>;
}

/** What the queue stores of a write: the final URL (the service worker replays it as it is) and the body. */
interface StoredSpec {
  kind: WriteKind;
  dogId: number | null;
  url: string;
  body: unknown;
  label: string;
  photos?: PreparedPhoto[];
}

/** The current user's queued writes, oldest first. */
export const pendingWrites = createStore<QueuedWrite[]>([]);
/** The write being sent right now (shown as "wird gesendet"). */
export const sendingWrite = createStore<string | null>(null);
/** Counts delivered writes: screens showing those kinds reload when it changes. */
export const deliveredWrites = createStore(0);

export const SYNC_TAG = 'pfotenbuch-writes';
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

function currentUserId(): number | null {
  const state = session.get();
  return state.status === 'user' ? state.user.id : null;
}

async function allWrites(): Promise<QueuedWrite[]> {
  try {
    return await inStore<QueuedWrite[]>(WRITES, 'readonly', (s) => s.getAll() as IDBRequest<QueuedWrite[]>);
  } catch {
    return []; // no IndexedDB (private mode in some browsers): nothing can wait
  }
}

const saveWrite = (write: QueuedWrite) => inStore(WRITES, 'readwrite', (s) => s.put(write));
const deleteWrite = (id: string) => inStore(WRITES, 'readwrite', (s) => s.delete(id));

export async function refreshQueue(): Promise<void> {
  const userId = currentUserId();
  const mine = userId === null ? [] : (await allWrites()).filter((w) => w.userId === userId);
  pendingWrites.set(mine.sort((a, b) => a.createdAt.localeCompare(b.createdAt)));
}

/** Asks the service worker to send the queue when the connection returns, even with the app closed. */
function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG))
    .catch(() => undefined); // no Background Sync: `online`, app start and "Jetzt senden" remain
}

function photosOf(photos: PreparedPhoto[]): QueuedPhoto[] {
  return photos.map((p) => ({ name: p.file.name, type: p.file.type, blob: p.file, key: crypto.randomUUID(), fields: photoFields(p) }));
}

async function enqueue(spec: StoredSpec, key: string, entryId: number | null = null): Promise<void> {
  const userId = currentUserId();
  if (userId === null) throw new ApiError(401, 'unauthorized', 'Bitte melde dich an.');
  await saveWrite({
    id: crypto.randomUUID(),
    userId,
    kind: spec.kind,
    dogId: spec.dogId,
    url: spec.url,
    body: spec.body,
    key,
    label: spec.label,
    photos: photosOf(spec.photos ?? []),
    entryId,
    state: 'waiting',
    reason: null,
    createdAt: new Date().toISOString(),
  });
  await refreshQueue();
  requestBackgroundSync();
}

export type WriteResult<T> = { queued: false; data: T } | { queued: true };

/**
 * Sends a create now, with a fresh Idempotency-Key; when the server cannot be reached the write waits in the
 * queue with that key (if the request did arrive after all, the replay gets the first answer, no duplicate).
 * A server error is thrown as usual (shown by the form).
 */
export async function submitWrite<P extends PathOf<'post'>, I extends Init<P, 'post'>>(spec: WriteSpec<P, I>): Promise<WriteResult<AnswerOf<P, 'post'>>> {
  const key = crypto.randomUUID();
  const init = (spec.init ?? {}) as { params?: { path?: Record<string, unknown> }; body?: unknown };
  const url = urlOf(spec.path, init);
  try {
    const data = (await send('post', url, { body: init.body, headers: { [IDEMPOTENCY_HEADER]: key } })) as AnswerOf<P, 'post'>;
    return { queued: false, data };
  } catch (error) {
    if (!(error instanceof ApiError) || !error.isOffline) throw error;
  }
  await enqueue({ kind: spec.kind, dogId: spec.dogId, url, body: init.body, label: spec.label, photos: await spec.photos?.() }, key);
  return { queued: true };
}

/** The entry exists but its photos could not be uploaded for lack of a connection: they wait in the queue. */
export function queuePhotos(entryId: number, dogId: number, photos: PreparedPhoto[], label: string): Promise<void> {
  const url = urlOf('/api/diary/{entryId}/media' satisfies PathOf<'post'>, { params: { path: { entryId } } });
  return enqueue({ kind: 'diary', dogId, url, body: null, label, photos }, crypto.randomUUID(), entryId);
}

async function uploadPhoto(entryId: number, photo: QueuedPhoto): Promise<void> {
  const form = diaryPhotoForm(new File([photo.blob], photo.name, { type: photo.type }), photo.name, photo.fields ?? {});
  try {
    await api.POST('/api/diary/{entryId}/media', { params: { path: { entryId } }, body: form as never, headers: { [IDEMPOTENCY_HEADER]: photo.key } });
  } catch (error) {
    if (!(error instanceof ApiError) || error.isOffline) throw error;
    throw new ApiError(error.status, error.code, `${photo.name}: ${error.message}`, error.fields);
  }
}

/**
 * What a failed replay means: 'wait' when it may work later (no connection, session gone, rate limit, server
 * trouble, the key's first request still running), 'failed' when the server said no (403 un-shared dog, 404,
 * 409 reused key, 422 bad value …).
 */
export function replayOutcome(error: ApiError): 'wait' | 'failed' {
  if (error.isOffline || error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500) return 'wait';
  // The first request under this key is still being worked on (a lost answer): its result comes with a later try.
  return error.code === 'idempotency_key_in_progress' ? 'wait' : 'failed';
}

/** Sends one write: the request, then (diary) each photo. Returns false when the run has to stop. */
async function deliver(write: QueuedWrite): Promise<boolean> {
  let current = write;
  try {
    if (current.entryId === null) {
      // The stored URL was made from a typed path when the write was queued (submitWrite).
      const data = (await send('post', current.url, { body: current.body, headers: { [IDEMPOTENCY_HEADER]: current.key } })) as { id?: number } | null;
      if (current.kind === 'diary' && current.photos.length > 0 && typeof data?.id === 'number') {
        current = { ...current, entryId: data.id };
        await saveWrite(current);
      }
    }
    while (current.entryId !== null && current.photos.length > 0) {
      const [photo, ...rest] = current.photos;
      await uploadPhoto(current.entryId, photo!);
      current = { ...current, photos: rest };
      await saveWrite(current);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (replayOutcome(error) === 'wait') return false;
    await saveWrite({ ...current, state: 'failed', reason: error.message });
    return true;
  }
  await deleteWrite(current.id);
  // The lists that show this write must come from the server again, not from the offline copy.
  if (current.dogId !== null) clearResponses(`${apiHref('/api/dogs/{dogId}', { params: { path: { dogId: current.dogId } } })}/`);
  // A cache prefix, not a request: every diary list and view (entries, calendar, map, search …).
  clearResponses('/api/diary');
  clearResponses(apiHref('/api/walks'));
  clearResponses(apiHref('/api/welcome-dashboard'));
  deliveredWrites.set(deliveredWrites.get() + 1);
  return true;
}

/**
 * One sender at a time across all tabs of the app (Web Locks): two tabs replaying at once would be safe thanks to
 * the keys, but would send a refused write twice and show it "wird gesendet" in both.
 */
function exclusive(run: () => Promise<void>): Promise<void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(SYNC_TAG, run) : run();
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Sends the waiting writes one after another (failed ones only when named in `retry`). Stops at the first
 * sign of no connection; a second call while a run is going makes the run look once more at its end.
 */
export function sendQueue(retry: string[] = []): Promise<void> {
  if (running) {
    again = true;
    if (retry.length) void running.then(() => sendQueue(retry));
    return running;
  }
  running = exclusive(async () => {
    do {
      again = false;
      await refreshQueue();
      for (const write of pendingWrites.get()) {
        if (write.state === 'failed' && !retry.includes(write.id)) continue;
        sendingWrite.set(write.id);
        const go = await deliver(write).finally(() => sendingWrite.set(null));
        await refreshQueue();
        if (!go) return;
      }
    } while (again);
  }).finally(() => {
    running = null;
    sendingWrite.set(null);
  });
  return running;
}

/** The user discarded a write (after confirming): it is gone for good. */
export async function discardWrite(id: string): Promise<void> {
  await deleteWrite(id);
  await refreshQueue();
}

/** Once at app start: load and send the queue for whoever is logged in, and again whenever the network returns. */
export function startOfflineQueue(): void {
  if (typeof indexedDB === 'undefined') return;
  let lastUser: number | null = null;
  const onSession = () => {
    const userId = currentUserId();
    if (userId === lastUser) return;
    lastUser = userId;
    if (userId === null) pendingWrites.set([]);
    else void sendQueue();
  };
  session.subscribe(onSession);
  onSession();
  window.addEventListener('online', () => void sendQueue());
  // Another tab may have queued or sent something meanwhile: the count is read again when this one comes back.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && currentUserId() !== null && void refreshQueue());
  // The service worker's sync event hands the work to an open window, and says when it sent something itself.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const type = (event.data as { type?: string } | null)?.type;
    if (type === 'send-writes') void sendQueue();
    if (type === 'writes-changed') {
      void refreshQueue();
      deliveredWrites.set(deliveredWrites.get() + 1);
    }
  });
}
