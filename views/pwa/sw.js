/*
 * Pfotenbuch service worker. Served as /sw.js with the build number and the asset list written in at server
 * start (src/features/public-web/pwa/service-worker.ts), so every build has its own cache and its own worker bytes.
 */
const BUILD = /*BUILD*/'dev';
const PRECACHE = /*PRECACHE*/[];
const CACHE = 'pfotenbuch-' + BUILD;
/** Viewed map tiles survive builds; only the page's storage rules and the trim below limit them. */
const TILE_CACHE = 'pfotenbuch-tiles';
/** The tile server's host names (MAP_TILE_URL; `*.` for its subdomains), written in by service-worker.ts. */
const TILE_HOSTS = /*TILE_HOSTS*/['tile.openstreetmap.org'];
const isTileHost = (hostname) => TILE_HOSTS.some((h) => (h.startsWith('*.') ? hostname.endsWith(h.slice(1)) : hostname === h));
/** 500 by default; the page lowers it to 100 when storage is 80 % full (message 'tile-limit'). */
let tileLimit = 500;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          PRECACHE.map((url) =>
            // 'reload' skips the HTTP cache: the worker of a new build must not store the old build's files.
            cache.add(new Request(url, { cache: 'reload', credentials: 'same-origin' })).catch((err) => {
              console.warn('Vorab-Cache fehlgeschlagen:', url, err);
            }),
          ),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('pfotenbuch-') && n !== CACHE && n !== TILE_CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'tile-limit' && Number.isInteger(data.limit) && data.limit > 0) {
    tileLimit = data.limit;
    event.waitUntil(trim(TILE_CACHE, tileLimit));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method === 'POST' && new URL(request.url).pathname === SHARE_PATH) {
    event.respondWith(receiveShare(request));
    return;
  }
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (isTileHost(url.hostname)) {
    event.respondWith(tile(request));
    return;
  }
  if (url.origin !== self.location.origin) return;
  // Data, private files and the update page always come from the network.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/') || url.pathname === '/force-update' || url.pathname === '/sw.js') return;
  if (request.mode === 'navigate') {
    // Every client route below /app is the same shell; public pages are server-rendered and left to HTTP caching.
    if (url.pathname === '/app' || url.pathname.startsWith('/app/')) event.respondWith(shell(request));
    return;
  }
  if (request.destination === 'style' || url.pathname.endsWith('.css')) {
    event.respondWith(networkFirst(request));
    return;
  }
  event.respondWith(cacheFirst(request));
});

/**
 * The share target (the manifest's share_target): photos shared from the gallery, WhatsApp or the camera arrive as
 * a multipart POST. They are kept in IndexedDB (the `keep` store, src/client/core/photos/shared-photos.ts takes
 * them) and the new entry screen opens with them. At most 20 photos, images only.
 */
const SHARE_PATH = '/app/teilen';
async function receiveShare(request) {
  let count = 0;
  try {
    const form = await request.formData();
    const photos = form
      .getAll('photos')
      .filter((file) => typeof file === 'object' && file.type && file.type.startsWith('image/'))
      .slice(0, 20);
    const db = await openQueueDb();
    await queueOp(db, 'readwrite', (s) => s.put({ at: Date.now(), photos }, 'shared-photos'), 'keep');
    count = photos.length;
  } catch {
    count = 0; // the screen says that nothing arrived
  }
  return Response.redirect(`${SHARE_PATH}?fotos=${count}`, 303);
}

/** The cached shell answers at once (also offline); its version check sends the page to /force-update if needed. */
async function shell(request) {
  const cached = await caches.match('/app', { cacheName: CACHE });
  return cached || fetch(request);
}

/** The cache-control rule: only responses the server marks immutable (versioned links) are kept at run time. */
function keepable(response) {
  if (!response || !response.ok || response.type === 'opaque') return false;
  const cc = response.headers.get('Cache-Control') || '';
  return /\bimmutable\b/.test(cc) && !/\bno-store\b/.test(cc);
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (keepable(response)) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** CSS: always try the network first, so a style fix shows without a new worker; the cache covers offline. */
async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && !/\bno-store\b/.test(response.headers.get('Cache-Control') || '')) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (err) {
    const cached = (await caches.match(request, { cacheName: CACHE })) || (await caches.match(request, { cacheName: CACHE, ignoreSearch: true }));
    if (cached) return cached;
    throw err;
  }
}

/** Map tiles: viewed tiles only (no prefetch, OSM tile policy), opaque responses never (their quota padding). */
async function tile(request) {
  const cache = await caches.open(TILE_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type !== 'opaque') {
    await cache.put(request, response.clone());
    await trim(TILE_CACHE, tileLimit);
  }
  return response;
}

/** Drops the oldest entries (keys() lists them in insertion order) until at most `limit` remain. */
async function trim(name, limit) {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

/*
 * Web push (issue 10). The payload is { title, body, url, tag } (decisions: Push). A push shows one notification
 * (the same tag replaces the older one) and tells open app windows to refresh their unread badge.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/app/benachrichtigungen';
  const shown = self.registration.showNotification(data.title || 'Pfotenbuch', {
    body: data.body || '',
    tag: data.tag || undefined,
    data: { url: url },
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    lang: 'de',
  });
  const told = self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => list.forEach((c) => c.postMessage({ type: 'push' })));
  extend(event, Promise.all([shown, told]));
});

/** A tap opens the app at the notification's url: an open app window is focused and sent there, else a new one opens. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  extend(event, openApp(typeof data.url === 'string' ? data.url : '/app/benachrichtigungen'));
});

async function openApp(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const app = windows.find((c) => new URL(c.url).origin === self.location.origin);
  if (app) {
    // focus() needs the tap's user activation; without it (some browsers, tests) the window is still sent there.
    const focused = await app.focus().catch(() => app);
    // navigate() works for windows this worker controls; the app's own router takes the others.
    return focused.navigate(target).catch(() => focused.postMessage({ type: 'open', url: path }));
  }
  return self.clients.openWindow(target);
}

/** waitUntil, except for events a test dispatches itself: those cannot be extended (and need not be). */
function extend(event, promise) {
  try {
    event.waitUntil(promise);
  } catch {
    promise.catch(() => undefined);
  }
}

/*
 * Offline writes (issue 30). The page keeps writes made without a connection in IndexedDB (src/client/core/
 * offline-queue.ts, same database, stores and record shape) and registers a Background Sync. When the browser
 * fires it, an open app window does the sending (it shows the progress); with none open the worker replays the
 * queue itself, one write after another, each with its Idempotency-Key, so nothing is stored twice.
 */
const QUEUE_DB = 'pfotenbuch-offline';
const QUEUE_STORE = 'writes';
const SYNC_TAG = 'pfotenbuch-writes';

self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(syncWrites());
});

async function syncWrites() {
  // Only app windows run the queue (public pages in the worker's scope do not load the client).
  const windows = (await self.clients.matchAll({ type: 'window' })).filter((c) => new URL(c.url).pathname.startsWith('/app'));
  if (windows.length) {
    windows.forEach((c) => c.postMessage({ type: 'send-writes' }));
    return;
  }
  await replayWrites();
}

function openQueueDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(QUEUE_DB, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(QUEUE_STORE)) db.createObjectStore(QUEUE_STORE, { keyPath: 'id' });
      if (!db.objectStoreNames.contains('keep')) db.createObjectStore('keep');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function queueOp(db, mode, run, store = QUEUE_STORE) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = run(tx.objectStore(store));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
  });
}

/** The server's error { code, message }, with a German message by status when the body has none. */
async function failureOf(response) {
  let error = {};
  try {
    const body = await response.json();
    if (body && body.error) error = body.error;
  } catch {
    // no JSON body
  }
  const fallback = response.status === 403 ? 'Dafür hast du keine Berechtigung.' : response.status === 404 ? 'Das gibt es nicht (mehr).' : 'Der Server hat das abgelehnt.';
  return { code: error.code, message: typeof error.message === 'string' ? error.message : fallback };
}

/** Throws when the connection is missing or the server cannot take it now: the browser retries the sync later. */
async function replayWrites() {
  const me = await fetch('/api/auth/me', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!me.ok) throw new Error('Keine Sitzung oder keine Verbindung');
  const user = await me.json();
  const db = await openQueueDb();
  const all = await queueOp(db, 'readonly', (s) => s.getAll());
  const mine = all.filter((w) => w.userId === user.id && w.state === 'waiting').sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  let sent = 0;
  try {
    for (let write of mine) {
      let response;
      if (write.entryId === null) {
        response = await fetch(write.url, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': write.key },
          body: JSON.stringify(write.body),
        });
        if (response.ok && write.kind === 'diary' && write.photos.length) {
          const entry = await response.clone().json();
          write = Object.assign({}, write, { entryId: entry.id });
          await queueOp(db, 'readwrite', (s) => s.put(write));
        }
      }
      while ((!response || response.ok) && write.entryId !== null && write.photos.length) {
        const photo = write.photos[0];
        const form = new FormData();
        form.append('files', new File([photo.blob], photo.name, { type: photo.type }), photo.name);
        // The position and time read before the photo was shrunk (src/client/core/photos/photo-form.ts).
        for (const [field, value] of Object.entries(photo.fields || {})) form.append(field, value);
        response = await fetch('/api/diary/' + write.entryId + '/media', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json', 'Idempotency-Key': photo.key },
          body: form,
        });
        if (response.ok) {
          write = Object.assign({}, write, { photos: write.photos.slice(1) });
          await queueOp(db, 'readwrite', (s) => s.put(write));
        }
      }
      if (!response || response.ok) {
        await queueOp(db, 'readwrite', (s) => s.delete(write.id));
        sent++;
        continue;
      }
      // The same rule as the page's (replayOutcome): no for good is kept as failed, anything else waits.
      if (response.status === 401 || response.status === 429 || response.status >= 500) throw new Error('Später noch mal');
      const failure = await failureOf(response);
      if (failure.code === 'idempotency_key_in_progress') throw new Error('Später noch mal');
      await queueOp(db, 'readwrite', (s) => s.put(Object.assign({}, write, { state: 'failed', reason: failure.message })));
    }
  } finally {
    db.close();
    if (sent) {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      windows.forEach((c) => c.postMessage({ type: 'writes-changed' }));
    }
  }
}
