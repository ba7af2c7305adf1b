import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Cron } from 'croner';
import type { AppContext, Job } from '#core/context.js';
import type { Config } from '#core/config.js';
import { MINUTE } from '#core/clock.js';
import { isUpstreamOutage, outageFields } from '#core/upstream/outage.js';
import { abandonLease, acquireLease, ensureLeaseRow, releaseLease } from './leases.repo.js';

const LEASE_MS = 30 * MINUTE;

/** What the admin's job list shows for a run a shutdown cut short. */
export const INTERRUPTED = 'Beim Herunterfahren der Instanz abgebrochen; der nächste Termin läuft normal.';

/** A run of this process: from taking the lease until it is given back. */
interface Run {
  job: string;
  owner: string;
  startedAt: number;
  /** The lease was won: the job runs. */
  won: boolean;
  /** The lease is this run's (won and not yet released). */
  holds: boolean;
  /** Settles when the run is over (or never started); never rejects. */
  over: Promise<unknown>;
}

/**
 * The runs of one process per database handle, whichever Scheduler started them: the server's (cron) and the admin
 * routes' ("start now") are two objects, and a shutdown must wait for both kinds.
 */
const processRuns = new WeakMap<object, { stopping: boolean; runs: Set<Run> }>();
function runsOf(ctx: AppContext): { stopping: boolean; runs: Set<Run> } {
  let state = processRuns.get(ctx.db);
  if (!state) processRuns.set(ctx.db, (state = { stopping: false, runs: new Set() }));
  return state;
}

/** The minute a run belongs to: instances firing for the same cron time agree on it. */
export function slotOf(instant: Date): string {
  return instant.toISOString().slice(0, 16);
}

/**
 * The slot of a run started by hand: the second it started. It sorts after the current minute's scheduled slot
 * ("…T06:30:15" > "…T06:30"), so an instance firing late for that minute skips it, and before the next minute's.
 */
export function manualSlotOf(instant: Date): string {
  return instant.toISOString().slice(0, 19);
}

/**
 * Runs each job on its cron time. Overlap is prevented in-process (croner `protect`) and across app instances
 * by a lease row in job_leases: only the instance whose conditional UPDATE succeeds runs the job, and a slot
 * (the scheduled minute) that has run is never run again — an instance firing a moment late finds it done.
 * Errors a job throws are logged at level error (the error digest counts them) and recorded on its lease row.
 */
/** A job's cron pattern under this configuration, or null when the configuration switches it off (BACKUP_ENABLED). */
export function scheduleOf(job: Job, config: Config): string | null {
  return job.scheduleFrom ? job.scheduleFrom(config) : job.schedule;
}

export class Scheduler {
  readonly #owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly #crons: Cron[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly jobs: Job[],
  ) {}

  start(): void {
    const scheduled = this.jobs.flatMap((job) => {
      const pattern = scheduleOf(job, this.ctx.config);
      return pattern ? [{ job, pattern }] : [];
    });
    for (const { job, pattern } of scheduled) {
      this.#crons.push(
        new Cron(pattern, { timezone: this.ctx.config.timeZone, protect: true, name: job.name }, async () => {
          await this.runNow(job);
        }),
      );
    }
    this.ctx.log.info({ jobs: scheduled.map(({ job, pattern }) => `${job.name} @ ${pattern}`) }, 'scheduler started');
  }

  stop(): void {
    for (const cron of this.#crons) cron.stop();
    this.#crons.length = 0;
  }

  /**
   * Shutdown (SIGTERM): no cron fires and no run starts any more on this process (the admin's "start now" neither);
   * runs in progress get until `deadline` (epoch ms) to finish and release their leases as usual. A run still going
   * then gives its lease back (abandonLease: free for the next slot at once, this slot not run again), so another
   * instance need not wait out the 30-minute lease. Returns the jobs that finished and those cut short.
   */
  async drain(deadline: number): Promise<{ finished: string[]; interrupted: string[] }> {
    this.stop();
    const state = runsOf(this.ctx);
    state.stopping = true;
    const runs = [...state.runs];
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(runs.map((r) => r.over)), new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]);
    clearTimeout(timer);
    const finished: string[] = [];
    const interrupted: string[] = [];
    for (const run of runs) {
      if (!run.won) continue;
      if (!run.holds) {
        finished.push(run.job);
        continue;
      }
      const now = this.ctx.clock.now().toISOString();
      try {
        // false: the run released its lease itself in the meantime.
        const cut = await abandonLease(this.ctx.db, run.job, run.owner, now, { durationMs: Date.now() - run.startedAt, error: INTERRUPTED });
        run.holds = false;
        (cut ? interrupted : finished).push(run.job);
      } catch (err) {
        this.ctx.log.error({ err, job: run.job }, 'job lease not released at shutdown');
      }
    }
    return { finished, interrupted };
  }

  /** The next scheduled time of a job (for the admin list), or null for a pattern that never fires again. */
  nextRun(job: Job): Date | null {
    const pattern = scheduleOf(job, this.ctx.config);
    return pattern ? new Cron(pattern, { timezone: this.ctx.config.timeZone, paused: true }).nextRun() : null;
  }

  /** Runs one job if this instance gets the lease for the slot. Returns the job's count, or null when it did not. */
  async runNow(job: Job, slot: string = slotOf(this.ctx.clock.now())): Promise<number | null> {
    const started = await this.tryStart(job, slot);
    return started ? started.done : null;
  }

  /**
   * Takes the lease for the slot and starts the job without waiting for it; null when another run holds the lease
   * or the slot has run. `done` settles with the count (null when the job failed; it never rejects).
   */
  async tryStart(job: Job, slot: string): Promise<{ startedAt: string; done: Promise<number | null> } | null> {
    const state = runsOf(this.ctx);
    if (state.stopping) return null;
    const run: Run = { job: job.name, owner: this.#owner, startedAt: Date.now(), won: false, holds: false, over: Promise.resolve() };
    const start = this.#start(job, slot, run);
    // Registered before the lease is asked for: a shutdown starting meanwhile waits for this run too.
    state.runs.add(run);
    run.over = start
      .then((started) => started?.done)
      .catch(() => undefined)
      .finally(() => state.runs.delete(run));
    return start;
  }

  async #start(job: Job, slot: string, run: Run): Promise<{ startedAt: string; done: Promise<number | null> } | null> {
    const { db, clock } = this.ctx;
    const started = clock.now();
    await ensureLeaseRow(db, job.name);
    const won = await acquireLease(db, job.name, this.#owner, started, new Date(started.getTime() + LEASE_MS), slot);
    if (!won) return null;
    run.won = run.holds = true;
    return {
      startedAt: started.toISOString(),
      done: this.#execute(job).finally(() => {
        run.holds = false;
      }),
    };
  }

  async #execute(job: Job): Promise<number | null> {
    const { db, clock, log } = this.ctx;
    const t0 = performance.now();
    let count: number | null = null;
    let error: string | null = null;
    try {
      count = await job.run(this.ctx);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      // Someone else's outage fails a run that the next one repeats: a warning without a stack, not an error.
      if (isUpstreamOutage(err)) log.warn({ job: job.name, ...outageFields(err) }, 'job failed: upstream unavailable');
      else log.error({ err, job: job.name }, 'job failed');
    }
    const durationMs = Math.round(performance.now() - t0);
    this.ctx.metrics?.jobs.count(job.name, error ? 'failed' : 'ok');
    try {
      await releaseLease(db, job.name, this.#owner, clock.now().toISOString(), { status: error ? 'failed' : 'ok', count, durationMs, error });
    } catch (err) {
      log.error({ err, job: job.name }, 'job lease not released');
    }
    // A run that found nothing to do is the normal case for most jobs most of the time: debug, so the log shows work.
    const level = !error && count === 0 ? 'debug' : 'info';
    log[level]({ job: job.name, count, durationMs, status: error ? 'failed' : 'ok' }, 'job finished');
    return count;
  }
}
