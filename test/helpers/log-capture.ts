import { Writable } from 'node:stream';
import { createLogger } from '#core/logger.js';

/**
 * A logger at `level` that keeps every line it writes, parsed, in `lines` (clear it in a `beforeEach` with
 * `lines.length = 0` where the tests share one).
 */
export function captureLog<Line = Record<string, unknown>>(level: string) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      cb();
    },
  });
  return { lines, log: createLogger(level, sink) };
}
