import type { Response } from 'express';
import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { cachedBody, sendCached, type CachedBody } from '#core/http/cached-body.js';
import { readBundleAssets, readShellPreloads, type ShellPreloads } from './asset-manifest.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { renderView } from '#core/http/pages/page-meta.js';
import { precacheList, serviceWorkerSource } from './service-worker.js';
import { tileHostPatterns } from '#shared/map-tiles.js';

export const THEME_COLOR = '#b45309';

/** The map screen's route (src/client/routes.ts): its shell also preloads the map's chunks. */
export const MAP_SHELL_PATH = '/app/karte';

/** The chunks the shell for `path` names: every shell's, and on the map's also the map screen's. */
export function shellPreloadsFor(path: string, { entry, map }: ShellPreloads): string[] {
  return path === MAP_SHELL_PATH ? [...entry, ...map] : entry;
}
/** The worker's own policy: it fetches only its own files and the map tiles it caches (MAP_TILE_URL's host). */
const workerCsp = (tileSources: readonly string[]) => `default-src 'none'; connect-src 'self' ${tileSources.join(' ')}`;
const BACKGROUND_COLOR = '#fffaf5';
/** The share target's address; the service worker answers its POST (SHARE_PATH in views/pwa/sw.js). */
export const SHARE_TARGET_PATH = '/app/teilen';

export function webManifest(appName: string) {
  return {
    id: '/app',
    name: appName,
    short_name: appName,
    description: 'Tagebuch, Gesundheit, Pflege und Community für dich und deinen Hund.',
    lang: 'de',
    dir: 'ltr',
    start_url: '/app',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    categories: ['lifestyle', 'social'],
    // Photos shared from other apps open a new diary entry (the service worker takes the POST, views/pwa/sw.js).
    share_target: {
      action: SHARE_TARGET_PATH,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', files: [{ name: 'photos', accept: ['image/*', '.jpg', '.jpeg', '.png', '.webp', '.heic'] }] },
    },
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Manifest, service worker, the /app shell (every client route below it) and /force-update. */
export function pwaRoutes(ctx: AppContext, routes: Routes): void {
  const { build, appName, mapTiles } = ctx.config;
  const workerPolicy = workerCsp(mapTiles.cspSources);
  // Read once at start: the bundle and the worker change only with a new build (and a restart).
  // Kept as bytes with their ETags (cached-body.ts): converted, hashed and compressed once, not per request.
  const worker = cachedBody(serviceWorkerSource(build, precacheList(build, readBundleAssets(build, ctx.log)), undefined, tileHostPatterns(mapTiles.url)));
  const manifest = cachedBody(JSON.stringify(webManifest(appName)));

  routes.router.get('/sw.js', (_req, res) => {
    // Browsers check the worker on navigation; no-cache makes them see a new build at once.
    setCache(res, 'revalidate');
    // A worker runs under the CSP of its own script. The page's policy (connect-src 'self') would stop the
    // worker's fetch of the map tiles it caches, so the worker gets a policy of its own.
    res.setHeader('Content-Security-Policy', workerPolicy);
    sendCached(res, 'application/javascript', worker);
  });

  // A share that reaches the server found no service worker to take it (the worker was removed, or is updating):
  // the files cannot be kept here, so the screen opens and says that nothing arrived. The body is never read.
  routes.router.post(SHARE_TARGET_PATH, (_req, res) => {
    res.redirect(303, `${SHARE_TARGET_PATH}?fotos=0`);
  });

  routes.router.get('/manifest.webmanifest', (_req, res) => {
    setCache(res, 'revalidate');
    sendCached(res, 'application/manifest+json', manifest);
  });

  // The shell is the same for everybody and every client route: rendered once, then served from memory. The map's
  // (MAP_SHELL_PATH) also preloads the map screen's chunks; the service worker answers later visits with the plain
  // shell, whose app.js starts the same chunks as soon as the route is known (ui/map/map-preload.ts).
  const shells = new Map<string, Promise<CachedBody>>();
  const shellFor = (res: Response, path: string): Promise<CachedBody> => {
    const kind = path === MAP_SHELL_PATH ? 'map' : 'app';
    let shell = shells.get(kind);
    if (!shell) {
      shell = renderView(res, 'pwa/shell', { appName, build, mapTiles, themeColor: THEME_COLOR, preloads: shellPreloadsFor(path, readShellPreloads()) }).then(
        cachedBody,
      );
      shell.catch(() => shells.delete(kind));
      shells.set(kind, shell);
    }
    return shell;
  };
  routes.router.get(['/app', '/app/*route'], async (req, res) => {
    const shell = await shellFor(res, req.path);
    setCache(res, 'revalidate');
    sendCached(res, 'html', shell);
  });

  routes.router.get('/force-update', (_req, res) => {
    setCache(res, 'never');
    res.render('pwa/force-update', { appName, build });
  });
}
