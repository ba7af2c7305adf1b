// Builds the Preact client (src/client) into public/build/ with esbuild.
//
// Contract with the /app shell and the service worker (docs/areas/client.md):
//   public/build/app.js              ES module entry (loaded as /build/app.js?v=<build>)
//   public/build/app.css             the app's styles
//   public/build/map.css             Leaflet + map styles, linked only by the map chunk
//   public/build/spot.js             small area maps on server pages ([data-spot] elements)
//   public/build/chunk-*.js, asset-* code-split chunks per area and assets
//   public/build/asset-manifest.json { build, files: [every emitted file except source maps],
//                                      preload: [the chunks app.js imports statically, for the shell],
//                                      mapPreload: [the map screen's chunks, for the shell of /app/karte] }
//   app.js carries the map screen's chunk list (MAP_SCREEN_ENTRIES' static imports), written in after the build
//
// `node scripts/build-client.mjs` builds once, `--watch` rebuilds on change (with source maps).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { context, build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const defaultOutdir = `${root}public/build`;

async function readBuildNumber() {
  return (await readFile(`${root}VERSION`, 'utf8')).trim();
}

function options(build, { watch, outdir }) {
  return {
    absWorkingDir: root,
    entryPoints: [
      { in: 'src/client/main.tsx', out: 'app' },
      { in: 'src/client/styles/app.css', out: 'app' },
      { in: 'src/client/areas/dog-records/diary/map/map.css', out: 'map' },
      // Server pages with a map (the public lost-dog page): a few lines that load the map chunk on demand.
      { in: 'src/client/public/spot-map.ts', out: 'spot' },
    ],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2020',
    minify: !watch,
    sourcemap: watch ? 'linked' : false,
    // Stable names for what the shell links; everything else carries a content hash.
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    assetNames: 'asset-[name]-[hash]',
    loader: { '.png': 'file', '.svg': 'file' },
    tsconfig: 'src/client/tsconfig.json',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { __APP_BUILD__: JSON.stringify(build), __MAP_CHUNKS__: JSON.stringify(MAP_CHUNKS_MARK) },
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  };
}

/** The map screen's code (/app/karte): its screen chunk and the Leaflet chunk (ui/map/map-preload.ts). */
const MAP_SCREEN_ENTRIES = ['src/client/areas/map/map-layers/index.ts', 'src/client/ui/map/nearby-map.ts'];
const MAP_CHUNKS_MARK = '@@map-chunks@@';
const fileName = (path) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The map screen's chunks and everything they import statically, less what the shell preloads already. They go
 * into app.js, so the map route asks for all of them at once instead of finding Leaflet's chunk only after the
 * screen's chunk has arrived (one round trip more before the first tile, issue 29), and into the manifest, so the
 * shell served for /app/karte names them itself (a first visit, before the service worker answers with the shell).
 */
function mapChunks(metafile, preloaded) {
  const outputs = metafile.outputs;
  const seen = new Set();
  const queue = Object.keys(outputs).filter((path) => MAP_SCREEN_ENTRIES.includes(outputs[path].entryPoint) && path.endsWith('.js'));
  if (queue.length !== MAP_SCREEN_ENTRIES.length) throw new Error(`map screen entries not found in the build: ${MAP_SCREEN_ENTRIES.join(', ')}`);
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    for (const i of outputs[path].imports) if (i.kind === 'import-statement' && !i.external) queue.push(i.path);
  }
  return [...seen]
    .map((path) => `/build/${fileName(path)}`)
    .filter((url) => !preloaded.includes(url))
    .sort();
}

/** Writes the list into app.js: its name has no content hash that would go stale (the shell loads it with ?v=<build>). */
async function writeMapChunks(outdir, chunks) {
  const app = `${outdir}/app.js`;
  const code = await readFile(app, 'utf8');
  const mark = new RegExp(`(["'\`])${MAP_CHUNKS_MARK}\\1`, 'g');
  // The mark stands wherever the code reads __MAP_CHUNKS__ (esbuild puts a defined value in at every use).
  if (!mark.test(code)) throw new Error('app.js holds no map chunk mark: ui/map/map-preload.ts is not in it');
  await writeFile(app, code.replace(mark, JSON.stringify(chunks)));
}

/** Every emitted file as a URL path, source maps left out: the service worker caches this list. */
async function writeManifest(build, metafile, outdir) {
  const files = Object.keys(metafile.outputs)
    .filter((path) => !path.endsWith('.map'))
    .map((path) => `/build/${path.slice(path.lastIndexOf('/') + 1)}`)
    .sort((a, b) => (a === '/build/app.js' ? -1 : b === '/build/app.js' ? 1 : a.localeCompare(b)));
  // app.js's static imports: the shell preloads them (views/pwa/shell.ejs), so they load beside app.js.
  const entry = Object.entries(metafile.outputs).find(([path, out]) => out.entryPoint === 'src/client/main.tsx' && path.endsWith('.js'));
  const preload = (entry?.[1].imports ?? [])
    .filter((i) => i.kind === 'import-statement' && !i.external)
    .map((i) => `/build/${i.path.slice(i.path.lastIndexOf('/') + 1)}`)
    .sort();
  const mapPreload = mapChunks(metafile, preload);
  await writeFile(`${outdir}/asset-manifest.json`, `${JSON.stringify({ build, files, preload, mapPreload }, null, 2)}\n`);
  await writeMapChunks(outdir, mapPreload);
  return files;
}

/**
 * Builds once (default) or keeps rebuilding (`{ watch: true }`). Returns the manifest's file list.
 * `outdir` is for tests; the app serves public/build/.
 */
export async function buildClient({ watch = false, outdir = defaultOutdir } = {}) {
  const buildNumber = await readBuildNumber();
  // Stale chunks from an older build must not end up in the manifest or the worker's cache.
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  if (!watch) {
    const result = await build(options(buildNumber, { watch, outdir }));
    return writeManifest(buildNumber, result.metafile, outdir);
  }
  const ctx = await context({
    ...options(buildNumber, { watch, outdir }),
    plugins: [
      {
        name: 'asset-manifest',
        setup(pluginBuild) {
          pluginBuild.onEnd(async (result) => {
            if (result.metafile) await writeManifest(buildNumber, result.metafile, outdir);
            console.log(`client rebuilt (${result.errors.length} errors)`);
          });
        },
      },
    ],
  });
  await ctx.watch();
  return [];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const watch = process.argv.includes('--watch');
  const files = await buildClient({ watch });
  if (!watch) console.log(`client built: ${files.length} files in public/build/`);
}
