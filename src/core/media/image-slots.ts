/**
 * A counting semaphore for image jobs. Each job holds a decoded image (up to 4096 × 4096 × 4 bytes) while it
 * encodes, so 25 uploads at once must not decode 25 images at once: jobs beyond the limit wait their turn in order
 * (first come, first served); none is refused. The limit can change while jobs run (the configuration is applied
 * when the app's context is made); a higher limit lets waiting jobs start at once.
 */
export class Slots {
  #limit: number;
  #busy = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  get limit(): number {
    return this.#limit;
  }

  /** Jobs running now. */
  get busy(): number {
    return this.#busy;
  }

  /** Jobs waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  setLimit(limit: number): void {
    this.#limit = Math.max(1, limit);
    this.#wake();
  }

  /** Runs `work` once a slot is free; the slot is given back however the work ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#busy >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#busy++;
    try {
      return await work();
    } finally {
      this.#busy--;
      this.#wake();
    }
  }

  /** Hands free slots to the longest-waiting jobs; the slot is taken here, before the job resumes. */
  #wake(): void {
    while (this.#busy < this.#limit && this.#waiting.length > 0) {
      this.#busy++;
      this.#waiting.shift()?.();
    }
  }
}
