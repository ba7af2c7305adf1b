import type { Logger } from '#core/logger.js';

/**
 * Work that follows a request but must not hold up its answer (the place name of a fresh photo): started at once,
 * tracked, and awaited before the process closes its database (bootstrap's close) — and by tests, which wait for
 * it like for the push queue. A failure is logged, never thrown: the request that started it has long answered.
 */
export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  run(name: string, work: () => Promise<unknown>): void {
    const task = work().then(
      () => undefined,
      (err: unknown) => this.log.warn({ err, task: name }, 'background task failed'),
    );
    this.#running.add(task);
    void task.finally(() => this.#running.delete(task));
  }

  /** Resolves once every task started so far, and any they started, has ended. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }
}
