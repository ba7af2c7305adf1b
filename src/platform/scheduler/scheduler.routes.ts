import { routeGroup } from '#core/http/route/route-group.js';
import { z } from 'zod';
import type { AppContext, Job } from '#core/context.js';
import { conflict, notFound } from '#core/http/route/errors.js';
import type { Routes } from '#core/http/route/route.js';
import { listLeases } from './leases.repo.js';
import { manualSlotOf, scheduleOf, Scheduler } from './scheduler.js';

const tags = ['Verwaltung: Jobs'];

export const JobView = z
  .object({
    name: z.string().meta({ example: 'diary.anniversaries' }),
    schedule: z.string().meta({ description: 'Cron-Ausdruck in TZ_APP', example: '0 9 * * *' }),
    next_run_at: z.string().nullable(),
    running: z.boolean().meta({ description: 'Gerade auf einer Instanz in Arbeit' }),
    last_started_at: z.string().nullable(),
    last_finished_at: z.string().nullable(),
    last_duration_ms: z.number().int().nullable(),
    last_status: z.enum(['ok', 'failed']).nullable(),
    last_count: z.number().int().nullable(),
    last_error: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type JobView = z.infer<typeof JobView>;

const JobList = z.object({ items: z.array(JobView), next_cursor: z.null() }).meta({ id: 'JobList' });
const JobNameParam = z.object({
  name: z
    .string()
    .max(100)
    .regex(/^[a-z0-9-]+\.[a-z0-9-]+$/, 'Ungültiger Job-Name.'),
});
const JobStarted = z.object({ name: z.string(), started_at: z.string() });

/** The job table joined with each job's lease row: next run, last run, duration, outcome, count. */
async function listJobs(ctx: AppContext, scheduler: Scheduler, jobs: Job[]): Promise<JobView[]> {
  const leases = new Map((await listLeases(ctx.db)).map((l) => [l.name, l]));
  const now = ctx.clock.now().toISOString();
  return jobs.map((job) => {
    const l = leases.get(job.name);
    return {
      name: job.name,
      schedule: scheduleOf(job, ctx.config) ?? 'aus',
      next_run_at: scheduler.nextRun(job)?.toISOString() ?? null,
      running: Boolean(l?.owner && l.locked_until > now),
      last_started_at: l?.last_started_at ?? null,
      last_finished_at: l?.last_finished_at ?? null,
      last_duration_ms: l?.last_duration_ms ?? null,
      last_status: l?.last_status === 'ok' || l?.last_status === 'failed' ? l.last_status : null,
      last_count: l?.last_count ?? null,
      last_error: l?.last_error ?? null,
    };
  });
}

/** The admin's job list (last run, duration, outcome, count from job_leases) and "start now". */
export function jobsAdminRoutes(ctx: AppContext, routes: Routes, jobs: Job[]): void {
  const scheduler = new Scheduler(ctx, jobs);

  const api = routeGroup(routes, { tags, access: 'admin' });
  api.get('/api/admin/jobs', 'Alle geplanten Jobs mit letztem Lauf', {
    responses: { 200: ['Die Jobtabelle (src/jobs.ts)', JobList] },
    run: async (_input) => ({ items: await listJobs(ctx, scheduler, jobs), next_cursor: null }),
  });

  api.post('/api/admin/jobs/:name/run', 'Job jetzt starten (auf dieser Instanz, mit Lease wie ein geplanter Lauf)', {
    params: JobNameParam,
    responses: { 202: ['Gestartet; das Ergebnis steht danach in der Liste', JobStarted], 404: 'Diesen Job gibt es nicht', 409: 'Läuft gerade' },
    run: async ({ params }) => {
      const job = jobs.find((j) => j.name === params.name);
      if (!job) throw notFound('Diesen Job gibt es nicht.');
      const started = await scheduler.tryStart(job, manualSlotOf(ctx.clock.now()));
      if (!started) throw conflict('Dieser Job läuft gerade. Versuch es gleich noch mal.', 'job_running');
      return { name: job.name, started_at: started.startedAt };
    },
  });
}
