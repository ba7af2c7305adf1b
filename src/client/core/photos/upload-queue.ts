import { ApiError } from '../api-error.js';
import { createStore, type Store } from '../store.js';

/**
 * Uploads shown one by one, the way phone apps show them: each with its progress in percent, a cancel, and a retry
 * after a failure; two run at a time (decisions, "Photos from the phone"). Two keep the line busy while one waits
 * for the server's answer, and a third would only split the same bandwidth.
 */
export type UploadState = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  id: number;
  name: string;
  state: UploadState;
  /** 0…1 */
  progress: number;
  /** The server's or the network's message after a failure. */
  error: ApiError | null;
}

export interface UploadTask<T> {
  name: string;
  /** One attempt; may be called again by retry. Rejects with ApiError('aborted') when the signal fires. */
  run: (onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<T>;
}

const AT_ONCE = 2;

export class UploadQueue<T, Task extends UploadTask<T> = UploadTask<T>> {
  readonly items: Store<UploadItem[]> = createStore<UploadItem[]>([]);
  readonly results = new Map<number, T>();
  readonly #tasks = new Map<number, Task>();
  readonly #controllers = new Map<number, AbortController>();
  #nextId = 1;
  #running = 0;
  #idle: (() => void)[] = [];

  /** Adds tasks; settles when nothing is waiting or running any more (each item done, failed or cancelled). */
  add(tasks: Task[]): Promise<void> {
    const added = tasks.map((task) => {
      const id = this.#nextId++;
      this.#tasks.set(id, task);
      return { id, name: task.name, state: 'waiting' as const, progress: 0, error: null };
    });
    this.items.set([...this.items.get(), ...added]);
    this.#pump();
    return this.settled();
  }

  settled(): Promise<void> {
    if (!this.#busy()) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  cancel(id: number): void {
    const item = this.#item(id);
    if (item?.state === 'waiting') this.#update(id, { state: 'cancelled' });
    this.#controllers.get(id)?.abort(); // an upload under way ends through its own rejection
    this.#settle();
  }

  retry(id: number): Promise<void> {
    const item = this.#item(id);
    if (item?.state === 'failed') {
      this.#update(id, { state: 'waiting', progress: 0, error: null });
      this.#pump();
    }
    return this.settled();
  }

  /** The items that still need the user: failed ones (cancelled ones were the user's choice). */
  failed(): UploadItem[] {
    return this.items.get().filter((i) => i.state === 'failed');
  }

  /** The tasks behind the failed items, e.g. to hand their files to the offline queue. */
  failedTasks(): Task[] {
    return this.failed().flatMap((i) => this.#tasks.get(i.id) ?? []);
  }

  clear(): void {
    this.items.set([]);
    this.results.clear();
    this.#tasks.clear();
  }

  #pump(): void {
    while (this.#running < AT_ONCE) {
      const next = this.items.get().find((i) => i.state === 'waiting');
      if (!next) break;
      void this.#start(next.id);
    }
    this.#settle();
  }

  async #start(id: number): Promise<void> {
    const task = this.#tasks.get(id);
    if (!task) return;
    const controller = new AbortController();
    this.#controllers.set(id, controller);
    this.#running++;
    this.#update(id, { state: 'uploading', progress: 0 });
    try {
      this.results.set(id, await task.run((progress) => this.#update(id, { progress }), controller.signal));
      this.#update(id, { state: 'done', progress: 1 });
    } catch (error) {
      if (controller.signal.aborted) this.#update(id, { state: 'cancelled' });
      else this.#update(id, { state: 'failed', error: error instanceof ApiError ? error : new ApiError(0, 'offline', String(error)) });
    } finally {
      this.#controllers.delete(id);
      this.#running--;
      this.#pump();
    }
  }

  #busy(): boolean {
    return this.#running > 0 || this.items.get().some((i) => i.state === 'waiting');
  }

  #settle(): void {
    if (this.#busy()) return;
    const waiting = this.#idle;
    this.#idle = [];
    for (const resolve of waiting) resolve();
  }

  #item(id: number): UploadItem | undefined {
    return this.items.get().find((i) => i.id === id);
  }

  #update(id: number, patch: Partial<UploadItem>): void {
    this.items.set(this.items.get().map((i) => (i.id === id ? { ...i, ...patch } : i)));
  }
}
