import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, control, instancesLoggedFor, journal, multi, until } from './client.js';

/**
 * A rolling restart under steady load: four clients keep asking GET /api/auth/me and writing diary entries through
 * nginx while the three instances are restarted one by one (SIGTERM, exit 0, a new process on the same port, healthy,
 * back in nginx's rotation, next). No request may fail, and every entry answered 201 must be stored exactly once.
 */

const CLIENTS = 4;
/** Bounds of the load loop (it stops when the restarts are done). */
const MAX_ROUNDS_PER_CLIENT = 5_000;
const LOAD_DEADLINE_MS = 75_000;

const rita = new Client('rita');
const db = new pg.Client({ connectionString: multi().databaseUrl });
beforeAll(() => db.connect());
afterAll(() => db.end());

describe('rolling restart behind nginx', () => {
  it('restarts the three instances one by one under load without losing a request', async () => {
    await rita.expect(201, 'POST', '/api/auth/register', { json: { email: 'rita@example.de', password: 'sicheres-passwort', name: 'Rita' } });
    const dogId = (await rita.expect(201, 'POST', '/api/dogs', { json: { name: 'Luna' } })).body.id as number;
    const date = new Date().toISOString().slice(0, 10);

    const load = { stop: false, total: 0, created: 0, failures: [] as string[] };
    const deadline = Date.now() + LOAD_DEADLINE_MS;
    const steps = (client: number, round: number) =>
      [
        { status: 200, method: 'GET', path: '/api/auth/me', json: undefined },
        { status: 201, method: 'POST', path: `/api/dogs/${dogId}/diary`, json: { date, text: `Runde ${client}-${round}` } },
      ] as const;
    const worker = async (client: number) => {
      for (let round = 0; round < MAX_ROUNDS_PER_CLIENT && !load.stop && Date.now() < deadline; round++) {
        for (const step of steps(client, round)) {
          load.total++;
          try {
            const answer = await rita.send(step.method, step.path, step.json === undefined ? {} : { json: step.json });
            if (answer.status !== step.status)
              load.failures.push(`${step.method} ${step.path}: ${answer.status} ${answer.bytes.toString('utf8').slice(0, 200)} (request ${answer.requestId})`);
            else if (step.method === 'POST') load.created++;
          } catch (err) {
            const cause = err instanceof Error ? ((err.cause as { code?: string } | undefined)?.code ?? err.message) : String(err);
            load.failures.push(`${step.method} ${step.path}: ${cause}`);
          }
        }
      }
    };

    const running = Promise.all(Array.from({ length: CLIENTS }, (_, client) => worker(client)));
    const restarts: { code: number | null; signal: string | null; downMs: number }[] = [];
    try {
      await until('the load to run', () => (load.total >= 40 ? true : undefined));
      for (const instance of multi().instances) {
        restarts.push(await control('POST', `/instances/${instance.index}/restart`));
        // Back in the rotation: nginx left it out after it refused connections, for fail_timeout (2 s).
        const mark = journal.length;
        await until(`instance ${instance.index} answering through nginx again`, () =>
          instancesLoggedFor(journal.slice(mark)).includes(instance.index) ? true : undefined,
        );
      }
    } finally {
      load.stop = true;
      await running;
    }

    const stored = await db.query<{ n: number }>('select count(*)::int as n from diary_entries where dog_id = $1', [dogId]);
    process.stdout.write(
      `rolling restart: ${load.failures.length} failed of ${load.total} requests (${CLIENTS} clients); ` +
        `${load.created} entries answered 201, ${stored.rows[0]?.n} stored; restarts ${restarts.map((r) => `exit ${r.code} in ${r.downMs} ms`).join(', ')}\n` +
        load.failures.map((f) => `  ${f}\n`).join(''),
    );
    expect(restarts.map((r) => [r.code, r.signal])).toEqual([
      [0, null],
      [0, null],
      [0, null],
    ]);
    expect(load.failures).toEqual([]);
    expect(stored.rows[0]?.n).toBe(load.created);
  });
});
