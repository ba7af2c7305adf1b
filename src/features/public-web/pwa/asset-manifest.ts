import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PUBLIC_DIR } from '#core/paths.js';
import type { Logger } from '#core/logger.js';

/** Written by the client build (scripts/build-client.mjs) next to the bundle. */
export const ASSET_MANIFEST_FILE = join(PUBLIC_DIR, 'build', 'asset-manifest.json');

const AssetManifest = z.object({
  build: z.string(),
  files: z.array(z.string().regex(/^\/build\/[A-Za-z0-9._\-/]+$/)),
  /** The chunks app.js imports statically: the shell names them, so they load beside app.js, not after it. */
  preload: z.array(z.string().regex(/^\/build\/chunk-[A-Za-z0-9_-]+\.js$/)).default([]),
  /** The map screen's chunks (Leaflet's among them), less those: the shell of /app/karte names them too. */
  mapPreload: z.array(z.string().regex(/^\/build\/[a-z-]+-[A-Za-z0-9_]+\.js$/)).default([]),
});

/** The files the shell links with `?v=<build>`; every other bundle file (chunks) is fetched by its plain URL. */
const VERSIONED_ENTRY_FILES = new Set(['/build/app.js', '/build/app.css']);

/**
 * The client bundle's files as the service worker must cache them (read once at start). Without a bundle (not
 * built yet) the list is empty and the shell still works; a broken manifest is logged and ignored the same way.
 */
export function readBundleAssets(build: string, log: Logger, file = ASSET_MANIFEST_FILE): string[] {
  if (!existsSync(file)) {
    log.warn({ file }, 'no client bundle yet: the service worker caches the shell only');
    return [];
  }
  let manifest: z.infer<typeof AssetManifest>;
  try {
    manifest = AssetManifest.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    log.warn({ err, file }, 'asset-manifest.json unreadable: the service worker caches the shell only');
    return [];
  }
  if (manifest.build !== build) log.warn({ bundle: manifest.build, server: build }, 'client bundle was built for another build number');
  return manifest.files.filter((f) => !f.endsWith('.map')).map((f) => (VERSIONED_ENTRY_FILES.has(f) ? `${f}?v=${build}` : f));
}

/** The chunks a shell names with `<link rel="modulepreload">`: every shell's, and the map screen's extra ones. */
export interface ShellPreloads {
  entry: string[];
  map: string[];
}

/**
 * The chunks the shell preloads: without them the browser finds them only once app.js has arrived, one more round
 * trip before every first screen, and on the map one more before Leaflet (issue 29). Empty when there is no usable
 * manifest (readBundleAssets logs why).
 */
export function readShellPreloads(file = ASSET_MANIFEST_FILE): ShellPreloads {
  try {
    const manifest = AssetManifest.parse(JSON.parse(readFileSync(file, 'utf8')));
    return { entry: manifest.preload, map: manifest.mapPreload };
  } catch {
    return { entry: [], map: [] };
  }
}
