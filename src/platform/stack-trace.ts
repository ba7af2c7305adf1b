import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Production runs without --enable-source-maps (about 20 MB of heap, scripts/start.sh), so a logged stack trace names
 * lines of the bundle (dist/server.js:11397:9). This maps every such frame back to its src/ line through the bundle's
 * source map (`npm run cli -- stack`). Frames without a map next to their file stay as they are.
 */
export function mapStackTrace(text: string, cwd = process.cwd()): string {
  const maps = new Map<string, SourceMap | undefined>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : undefined);
    return maps.get(file);
  };
  return text.replace(/((?:file:\/\/)?[^\s()]+\.[cm]?js):(\d+):(\d+)/g, (frame: string, location: string, line: string, column: string) => {
    const file = resolve(cwd, location.startsWith('file://') ? fileURLToPath(location) : location);
    // findEntry counts from 0, stack traces from 1.
    const entry = mapOf(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry)) return frame;
    const source = relative(cwd, resolve(dirname(file), entry.originalSource.replace(/^file:\/\//, '')));
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
