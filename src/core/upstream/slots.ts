import type { AppContext } from '../context.js';
import { endTurn, nextTurnAt, takeTurn } from './slots.repo.js';

/** How often a caller looks again while another process's request is in flight. */
const POLL_MS = 100;

export interface Pace {
  /** Time from the end of one request to the start of the next. */
  intervalMs: number;
  /** How long a caller waits for its turn before it goes without the upstream. */
  maxWaitMs: number;
  /** The longest a request can take (its timeout): a process that dies holding the turn frees it after this. */
  requestMs: number;
}

/**
 * A request pace for an upstream whose policy limits the whole application (Nominatim: at most one request a
 * second), shared by every instance and cluster worker through the database (upstream_slots). `send` runs when
 * this caller holds the turn, and the next turn begins `intervalMs` after its answer came back, so the gap
 * between two requests at the upstream is at least `intervalMs` however late a request leaves its process (a
 * busy event loop, the first fetch of a fresh process). A caller that cannot get the turn within `maxWaitMs`
 * gets `{ skipped: true }` without waiting longer.
 *
 * Turns are counted on each process's wall clock (Date.now, not ctx.clock: the wait is real time); instances on
 * several machines share the pace up to their clock difference, which NTP keeps to milliseconds.
 */
export async function paced<T>(
  ctx: Pick<AppContext, 'db' | 'log'>,
  name: string,
  pace: Pace,
  send: () => Promise<T>,
): Promise<{ skipped: false; value: T } | { skipped: true }> {
  const deadline = Date.now() + pace.maxWaitMs;
  for (;;) {
    const now = Date.now();
    const holdUntil = now + pace.requestMs + pace.intervalMs;
    if (await takeTurn(ctx.db, name, now, holdUntil)) {
      try {
        return { skipped: false, value: await send() };
      } finally {
        await endTurn(ctx.db, name, holdUntil, Date.now() + pace.intervalMs).catch((err: unknown) =>
          ctx.log.warn({ err, upstream: name }, 'pace not released'),
        );
      }
    }
    const next = (await nextTurnAt(ctx.db, name)) ?? now;
    const after = Date.now();
    if (after >= deadline) return { skipped: true };
    // More than one interval ahead is a hold (a request in flight): it may end any moment, so look again soon.
    // Within one interval it is the next turn itself: wait for it if it comes in time, else give up now.
    const held = next - after > pace.intervalMs;
    if (!held && next > deadline) return { skipped: true };
    const wake = held ? Math.min(after + POLL_MS, deadline) : next;
    if (wake > after) await new Promise((resolve) => setTimeout(resolve, wake - after));
  }
}
