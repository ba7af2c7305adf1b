import { inStore, KEEP } from '../idb.js';

/**
 * Photos shared in from another app. The service worker (views/pwa/sw.js, `receiveShare`) takes the share
 * target's POST, keeps the files under this key in the `keep` store and opens /app/teilen, which takes them here.
 */
const SHARED_PHOTOS_KEY = 'shared-photos';

interface SharedPhotos {
  at: number;
  photos: File[];
}

/** The photos of the last share, once: read and removed together. */
export async function takeSharedPhotos(): Promise<File[]> {
  const shared = (await inStore<SharedPhotos | undefined>(KEEP, 'readonly', (s) => s.get(SHARED_PHOTOS_KEY) as IDBRequest<SharedPhotos | undefined>)) ?? null;
  await inStore(KEEP, 'readwrite', (s) => s.delete(SHARED_PHOTOS_KEY));
  return shared?.photos.filter((f) => f instanceof Blob && f.type.startsWith('image/')) ?? [];
}
