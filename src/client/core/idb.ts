/**
 * The app's IndexedDB: the offline write queue (`writes`, one record per write, photos as blobs) and small kept
 * values (`keep`: the walk being recorded). The service worker opens the same database with the same names and
 * version (views/pwa/sw.js, `openQueueDb`); change both together.
 */
export const DB_NAME = 'pfotenbuch-offline';
const DB_VERSION = 1;
export const WRITES = 'writes';
export const KEEP = 'keep';

let opening: Promise<IDBDatabase> | null = null;

export function openDb(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(WRITES)) db.createObjectStore(WRITES, { keyPath: 'id' });
        if (!db.objectStoreNames.contains(KEEP)) db.createObjectStore(KEEP);
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer version elsewhere (another tab after an update) must not be blocked by this connection.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB nicht verfügbar'));
    });
    opening.catch(() => (opening = null));
  }
  return opening;
}

/** Runs one request in its own transaction and resolves when the transaction is committed. */
export async function inStore<T>(store: string, mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = run(tx.objectStore(store));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? request.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB abgebrochen'));
  });
}
