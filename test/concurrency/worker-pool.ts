import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PROJECT_ROOT } from '#core/paths.js';

/**
 * OS processes for a race file, started once and given one task per race: importing the app costs ~1.7 s per
 * process, so spawning four per test cost most of the file's time. The protocol, one line each way per step:
 *   worker → "started" once its imports are done;  test → the task as JSON;
 *   worker → "ready" once it opened the task's database;  test → "go" (to every worker at once);
 *   worker → "result <json>" or "error <message>".
 * Each task brings its own database (env), so the tests of a file share the processes but no data.
 */
export interface WorkerPool<Task> {
  /** Gives task i to worker i (fewer tasks than workers leave the rest idle), starts them together, returns all outcomes. */
  race<Outcome>(tasks: Task[]): Promise<Outcome[]>;
  close(): Promise<void>;
}

class Worker {
  private readonly lines: string[] = [];
  private waiting: ((line: string) => void) | undefined;
  private err = '';
  private exited: string | undefined;
  readonly exit: Promise<void>;

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stderr.on('data', (d: Buffer) => (this.err += d.toString()));
    // A write to a worker that died is reported through next(); the pipe's EPIPE must not end the test process.
    child.stdin.on('error', () => undefined);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = undefined;
        w(line);
      } else this.lines.push(line);
    });
    this.exit = new Promise((resolve) =>
      child.once('exit', (code) => {
        this.exited = `worker exited (${String(code)}): ${this.err}`;
        resolve();
      }),
    );
  }

  /** The next line the worker printed; fails when the worker exits first. */
  async next(): Promise<string> {
    const queued = this.lines.shift();
    if (queued !== undefined) return queued;
    if (this.exited) throw new Error(this.exited);
    const line = new Promise<string>((resolve) => (this.waiting = resolve));
    const died = this.exit.then(() => {
      throw new Error(this.exited);
    });
    return Promise.race([line, died]);
  }

  async expect(prefix: string): Promise<string> {
    const line = await this.next();
    if (line.startsWith('error ')) throw new Error(`worker: ${line.slice(6)}\n${this.err}`);
    if (!line.startsWith(prefix)) throw new Error(`worker said "${line}", expected "${prefix}"\n${this.err}`);
    return line.slice(prefix.length).trim();
  }

  send(line: string): void {
    this.child.stdin.write(line + '\n');
  }

  close(): Promise<void> {
    this.child.stdin.end();
    return this.exit;
  }

  kill(): void {
    this.child.kill();
  }
}

/** Spawns `count` workers running `script` (a path under the project) and waits until each has loaded. */
export async function startWorkerPool<Task>(script: string, count: number): Promise<WorkerPool<Task>> {
  const workers = Array.from(
    { length: count },
    () => new Worker(spawn(process.execPath, ['--import', 'tsx', script], { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'pipe'] })),
  );
  await Promise.all(workers.map((w) => w.expect('started')));
  let broken: unknown;
  return {
    async race<Outcome>(tasks: Task[]): Promise<Outcome[]> {
      if (broken) throw new Error('an earlier race of this file failed; its workers are gone', { cause: broken });
      if (tasks.length > workers.length) throw new Error(`${tasks.length} tasks for ${workers.length} workers`);
      const busy = workers.slice(0, tasks.length);
      try {
        busy.forEach((w, i) => w.send(JSON.stringify(tasks[i])));
        await Promise.all(busy.map((w) => w.expect('ready')));
        for (const w of busy) w.send('go');
        const results = await Promise.all(busy.map(async (w) => JSON.parse(await w.expect('result ')) as Outcome | Outcome[]));
        return results.flat() as Outcome[];
      } catch (err) {
        // A worker out of step would take the next test's task for its "go": this file's later races fail instead.
        broken = err;
        workers.forEach((w) => w.kill());
        throw err;
      }
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}

/**
 * The worker's side: announces "started", then for each task line runs `open` (prints "ready" after it), waits for
 * "go", runs the returned work, closes what open made and prints the result. Ends when the test closes stdin.
 */
export async function serveTasks<Task>(open: (task: Task) => Promise<{ run(): Promise<unknown>; close(): Promise<void> }>): Promise<void> {
  const input = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const out = (line: string) => process.stdout.write(line + '\n');
  out('started');
  for (;;) {
    const next = await input.next();
    if (next.done) return;
    let opened: Awaited<ReturnType<typeof open>> | undefined;
    let answer: string;
    try {
      opened = await open(JSON.parse(String(next.value)) as Task);
      out('ready');
      if ((await input.next()).done) return;
      const result = await opened.run();
      // Closed before the result goes out: the test reads the database once every worker has let go of it.
      const closing = opened;
      opened = undefined;
      await closing.close();
      answer = 'result ' + JSON.stringify(result);
    } catch (err) {
      await opened?.close().catch(() => undefined);
      answer = 'error ' + (err instanceof Error ? (err.stack ?? err.message) : String(err)).replace(/\n/g, ' | ');
    }
    out(answer);
  }
}
