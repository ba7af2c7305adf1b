import type { AppContext } from '../context.js';
import { claimSlot } from './slots.repo.js';

/**
 * A request pace for an upstream whose policy limits the whole application (Nominatim: at most one request a
 * second), shared by every instance and cluster worker through the database (upstream_slots). A caller waits
 * for its turn when it comes within `maxWaitMs`, else gets false at once and goes without the upstream.
 *
 * Turns are counted on each process's wall clock (Date.now, not ctx.clock: the wait is real time). Instances on
 * several machines therefore share the pace up to their clock difference, which NTP keeps to milliseconds.
 */
export async function waitForSlot(ctx: Pick<AppContext, 'db'>, name: string, pace: { intervalMs: number; maxWaitMs: number }): Promise<boolean> {
  const slot = await claimSlot(ctx.db, name, Date.now(), pace.intervalMs, pace.maxWaitMs);
  if (slot === null) return false;
  const wait = slot - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return true;
}
