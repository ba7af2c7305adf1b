import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Cron } from 'croner';
import type { AppContext, Job } from '../context.js';
import { MINUTE } from '../clock.js';

const LEASE_MS = 30 * MINUTE;

/** The minute a run belongs to: instances firing for the same cron time agree on it. */
export function slotOf(instant: Date): string {
  return instant.toISOString().slice(0, 16);
}

/**
 * Runs each job on its cron time. Overlap is prevented in-process (croner `protect`) and across app instances
 * by a lease row in job_leases: only the instance whose conditional UPDATE succeeds runs the job, and a slot
 * (the scheduled minute) that has run is never run again — an instance firing a moment late finds it done.
 */
export class Scheduler {
  readonly #owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly #crons: Cron[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly jobs: Job[],
  ) {}

  start(): void {
    for (const job of this.jobs) {
      this.#crons.push(
        new Cron(job.schedule, { timezone: this.ctx.config.timeZone, protect: true, name: job.name }, async () => {
          await this.runNow(job);
        }),
      );
    }
    this.ctx.log.info({ jobs: this.jobs.map((j) => `${j.name} @ ${j.schedule}`) }, 'scheduler started');
  }

  stop(): void {
    for (const cron of this.#crons) cron.stop();
    this.#crons.length = 0;
  }

  /** Runs one job if this instance gets the lease for the slot. Returns the job's count, or null when it did not. */
  async runNow(job: Job, slot: string = slotOf(this.ctx.clock.now())): Promise<number | null> {
    const { db, clock, log } = this.ctx;
    const started = clock.now();
    await db
      .insertInto('job_leases')
      .values({ name: job.name, owner: null, locked_until: new Date(0).toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const lease = await db
      .updateTable('job_leases')
      .set({ owner: this.#owner, locked_until: new Date(started.getTime() + LEASE_MS).toISOString(), last_started_at: started.toISOString(), last_slot: slot })
      .where('name', '=', job.name)
      .where('locked_until', '<', started.toISOString())
      .where((eb) => eb.or([eb('last_slot', 'is', null), eb('last_slot', '<', slot)]))
      .returning('name')
      .executeTakeFirst();
    if (!lease) return null;
    const t0 = performance.now();
    let count: number | null = null;
    let error: string | null = null;
    try {
      count = await job.run(this.ctx);
      return count;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      log.error({ err, job: job.name }, 'job failed');
      return null;
    } finally {
      const durationMs = Math.round(performance.now() - t0);
      const finished = clock.now().toISOString();
      await db
        .updateTable('job_leases')
        .set({
          owner: null,
          locked_until: finished,
          last_finished_at: finished,
          last_status: error ? 'failed' : 'ok',
          last_count: count,
          last_duration_ms: durationMs,
          last_error: error,
        })
        .where('name', '=', job.name)
        .where('owner', '=', this.#owner)
        .execute();
      log.info({ job: job.name, count, durationMs, status: error ? 'failed' : 'ok' }, 'job finished');
    }
  }
}
