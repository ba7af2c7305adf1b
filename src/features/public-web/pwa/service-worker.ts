import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VIEWS_DIR } from '#core/paths.js';
import { DEFAULT_TILE_URL, tileHostPatterns } from '#shared/map-tiles.js';

export const SW_TEMPLATE_FILE = join(VIEWS_DIR, 'pwa', 'sw.js');

/** The shell's own scripts and stylesheet, always versioned with the build. */
export function shellFiles(build: string): string[] {
  return [`/js/early-boot.js?v=${build}`, `/js/boot.js?v=${build}`, `/css/boot.css?v=${build}`];
}

/** Everything the worker caches at install: the shell, its scripts, manifest, icons and the client bundle. */
export function precacheList(build: string, bundleAssets: string[]): string[] {
  return ['/app', ...shellFiles(build), '/manifest.webmanifest', '/icons/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png', ...bundleAssets];
}

/**
 * The worker's source with the build number (its cache name) and asset list written in. A new build therefore
 * changes the bytes of /sw.js, which is how the browser notices a new worker.
 */
export function serviceWorkerSource(
  build: string,
  precache: string[],
  template = readFileSync(SW_TEMPLATE_FILE, 'utf8'),
  tileHosts: readonly string[] = tileHostPatterns(DEFAULT_TILE_URL),
): string {
  const withBuild = template.replace("/*BUILD*/'dev'", JSON.stringify(build));
  const withAssets = withBuild.replace('/*PRECACHE*/[]', JSON.stringify(precache));
  const withTiles = withAssets.replace("/*TILE_HOSTS*/['tile.openstreetmap.org']", JSON.stringify(tileHosts));
  if (withBuild === template || withAssets === withBuild || withTiles === withAssets) throw new Error(`${SW_TEMPLATE_FILE}: placeholders missing`);
  return withTiles;
}
