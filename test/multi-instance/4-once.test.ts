import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, multi, pushes, until } from './client.js';

/**
 * The whole run, checked at its end: every scheduled job ran once per slot (one instance of three, the others found
 * the lease taken), every mail arrived once and every push went out once.
 */

interface LogLine {
  time: string;
  msg: string;
  job?: string;
  durationMs?: number;
  jobs?: string[];
  url?: string;
  status?: number;
}

/** The JSON lines of every instance's log (all processes that served its port). */
function logs(): { instance: number; line: LogLine }[] {
  return multi().instances.flatMap((i) =>
    readFileSync(i.logFile, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => ({ instance: i.index, line: JSON.parse(l) as LogLine })),
  );
}

const minuteOf = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/**
 * Runs per job and minute (the slot) across all instances, not counting runs an admin started by hand (the 202
 * answers of POST /api/admin/jobs/<name>/run, in the request lines).
 */
function scheduledRuns(): Map<string, { instances: number[] }> {
  const runs = new Map<string, { instances: number[] }>();
  const manual = new Map<string, number>();
  for (const { instance, line } of logs()) {
    if (line.msg === 'job finished' && line.job) {
      const key = `${line.job} ${minuteOf(Date.parse(line.time) - (line.durationMs ?? 0))}`;
      if (!runs.has(key)) runs.set(key, { instances: [] });
      runs.get(key)!.instances.push(instance);
    }
    const started = line.msg === 'request' && line.status === 202 ? /^\/api\/admin\/jobs\/([^/]+)\/run$/.exec(line.url ?? '') : null;
    if (started) {
      const key = `${started[1]} ${minuteOf(Date.parse(line.time))}`;
      manual.set(key, (manual.get(key) ?? 0) + 1);
    }
  }
  for (const [key, n] of manual) runs.get(key)?.instances.splice(0, n);
  return runs;
}

const everyMinute = () => {
  const started = logs().find(({ line }) => line.msg === 'scheduler started')?.line.jobs ?? [];
  return started.filter((j) => j.endsWith('@ * * * * *')).map((j) => j.split(' @ ')[0]!);
};

const db = new pg.Client({ connectionString: multi().databaseUrl });
beforeAll(() => db.connect());
afterAll(() => db.end());

describe('once, across three instances', () => {
  it('every scheduled job ran once per slot, on one of the three', async () => {
    const jobs = everyMinute();
    expect(jobs).toContain('exports.build');
    // At least one whole minute slot since the start: each every-minute job has run at a scheduled time.
    await until(
      'a scheduled run of every every-minute job',
      () => {
        const runs = scheduledRuns();
        return jobs.every((job) => [...runs].some(([key, r]) => key.startsWith(`${job} `) && r.instances.length > 0)) ? true : undefined;
      },
      75_000,
    );
    const runs = scheduledRuns();
    const twice = [...runs].filter(([, r]) => r.instances.length > 1).map(([key, r]) => `${key} on instances ${r.instances.join(', ')}`);
    const slots = [...runs.values()].filter((r) => r.instances.length > 0);
    process.stdout.write(`jobs: ${slots.length} scheduled job slots run, on instances ${[...new Set(slots.flatMap((r) => r.instances))].sort().join(', ')}\n`);
    expect(twice).toEqual([]);
    const leases = await db.query<{ name: string; last_status: string | null }>('select name, last_status from job_leases where name = any($1)', [jobs]);
    expect(leases.rows.filter((l) => l.last_status !== 'ok')).toEqual([]);
  });

  it('every mail arrived once', async () => {
    const received = await mails();
    const counts = new Map<string, number>();
    for (const m of received) counts.set(`${m.to.join(',')} ${m.subject} ${m.text}`, (counts.get(`${m.to.join(',')} ${m.subject} ${m.text}`) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    const verifications = received.filter((m) => /\/api\/auth\/verify\?token=/.test(m.text)).flatMap((m) => m.to);
    expect(verifications.sort()).toEqual(['anna@example.de', 'ben@example.de', 'clara@example.de', 'lena@example.de', 'rita@example.de']);
  });

  it('every push went out once', async () => {
    const { received, hits, rejected } = await pushes();
    expect(rejected).toEqual([]);
    expect(hits).toBe(received.length);
    const keys = received.map((p) => `${p.device} ${JSON.stringify(p.payload)}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
