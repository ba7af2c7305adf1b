// Sums a V8 .cpuprofile (node --cpu-prof) by where the self time went: query execution, Kysely, HTTP, GC, zod,
// Express, sessions, the app's own layers … The app's bundle (dist/server.js) is mapped back to src/ through its
// source map. Used by bench/mix.mjs; alone: npx tsx bench/cpu-profile.ts FILE.cpuprofile
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const SQLITE_NATIVE = new Set(['all', 'get', 'run', 'iterate', 'exec', 'prepare', 'pluck', 'raw', 'columns']);
const SOCKET_NATIVE = /^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeAsciiString|onStreamRead|shutdown|close)$/;

/** Ordered rules: the first whose pattern matches the (mapped) source names the bucket. */
const RULES: [bucket: string, test: RegExp][] = [
  ['database driver (better-sqlite3 / pg)', /node_modules\/(better-sqlite3|pg|pg-protocol|pg-pool|pg-types|postgres-)/],
  ['Kysely: compile SQL', /node_modules\/kysely\/.*(query-compiler|operation-node-visitor)/],
  ['Kysely: build queries, run, plugins', /node_modules\/kysely\//],
  ['zod', /node_modules\/zod\//],
  [
    'Express, router and its helpers',
    /node_modules\/(express|router|path-to-regexp|finalhandler|send|serve-static|on-finished|body-parser|qs|content-type|type-is|accepts|negotiator|mime|mime-types|etag|fresh|parseurl|encodeurl|depd|cookie|cookie-signature|proxy-addr|range-parser|vary|statuses|http-errors|media-typer|raw-body)\//,
  ],
  ['session tokens (jsonwebtoken)', /node_modules\/(jsonwebtoken|jws|jwa|safe-buffer|ms)\//],
  ['uploads (multer, busboy, sharp, exifr)', /node_modules\/(multer|busboy|streamsearch|sharp|exifr|@img)\//],
  ['compression', /node_modules\/compression\/|node:zlib|node:internal\/zlib/],
  ['logging (pino)', /node_modules\/(pino|sonic-boom|thread-stream)/],
  ['app: sessions and guards (src/core/auth)', /src\/core\/auth\//],
  ['app: HTTP layer (src/core/http, app.ts)', /src\/core\/http\/|src\/app\.ts/],
  ['app: database layer (src/core/db)', /src\/core\/db\//],
  ['app: route handlers, services, repos (src/features, core/records, core/geo*)', /src\/(features|core\/records|core\/geo|core\/geo-items)\//],
  ['app: other', /src\//],
  [
    'Node: HTTP, sockets, streams, events',
    /node:(_http|http|net|stream|events|internal\/(streams|http|net|stream_base|js_stream|timers|process\/task_queues|async_hooks|url|querystring))/,
  ],
  ['Node: crypto', /node:(crypto|internal\/crypto)/],
  ['Node: other', /node:/],
  ['other packages', /node_modules\//],
];

/** Maps bundle positions back to source files (dist/server.js has a source map beside it). */
function sourceMapper(): (url: string, line: number, column: number) => string {
  const maps = new Map<string, SourceMap | null>();
  return (url, line, column) => {
    if (!url.startsWith('file://') || !url.includes('/dist/')) return url;
    let map = maps.get(url);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
      } catch {
        map = null;
      }
      maps.set(url, map);
    }
    if (!map) return url;
    const entry = map.findEntry(line, column) as { originalSource?: string };
    return entry.originalSource ?? url;
  };
}

function bucketOf(node: ProfileNode, source: string): string | undefined {
  const { functionName, url } = node.callFrame;
  if (functionName === '(idle)') return undefined;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 and native, unattributed (program)';
  if (!url) {
    if (SQLITE_NATIVE.has(functionName)) return 'query execution (SQLite, native)';
    if (SOCKET_NATIVE.test(functionName)) return 'Node: HTTP, sockets, streams, events';
    return 'native, other';
  }
  // better-sqlite3's statement calls are not frames of their own: SQLite's work shows as the self time of the kysely
  // driver function that calls them.
  if (functionName === 'executeQuery' && /kysely\/dist\/\w+\/dialect\/sqlite\/sqlite-driver/.test(url)) return 'query execution (SQLite, native)';
  for (const [bucket, test] of RULES) if (test.test(source)) return bucket;
  return 'other';
}

export interface ProfileSummary {
  totalMs: number;
  buckets: { bucket: string; ms: number; share: number }[];
}

export function summariseProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const mapSource = sourceMapper();
  const byNode = new Map<number, string | undefined>();
  for (const node of profile.nodes) {
    const { url, lineNumber, columnNumber } = node.callFrame;
    byNode.set(node.id, bucketOf(node, mapSource(url, lineNumber, columnNumber)));
  }
  const ms = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const bucket = byNode.get(id);
    if (!bucket) return;
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    total += dt;
    ms.set(bucket, (ms.get(bucket) ?? 0) + dt);
  });
  return {
    totalMs: total,
    buckets: [...ms].map(([bucket, v]) => ({ bucket, ms: v, share: v / total })).sort((a, b) => b.ms - a.ms),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv[2]) {
  const summary = summariseProfile(process.argv[2]);
  console.log(`busy ${Math.round(summary.totalMs)} ms`);
  for (const b of summary.buckets) console.log(`${(b.share * 100).toFixed(1).padStart(5)} %  ${Math.round(b.ms).toString().padStart(6)} ms  ${b.bucket}`);
}
