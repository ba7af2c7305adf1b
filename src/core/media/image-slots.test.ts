import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { Slots } from './image-slots.js';

/** A job the test finishes by hand, so the order of events is decided by the test, not by timing. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Slots (image jobs at once)', () => {
  it('runs every job of more than it has slots, never more than its limit at once, in arrival order', async () => {
    const slots = new Slots(2);
    const gates = Array.from({ length: 7 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((g, i) =>
      slots.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await g.opened;
        running--;
        return i * 10;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(slots.waiting).toBe(5);
    // Finish them out of order: each freed slot goes to the longest-waiting job.
    for (const i of [1, 0, 3, 2, 4, 6, 5]) {
      gates[i]?.open();
      await settle();
      expect(slots.busy).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect(slots.busy).toBe(0);
  });

  it('gives the slot back when a job fails, to the job that waited longest', async () => {
    const slots = new Slots(1);
    const first = gate();
    const order: string[] = [];
    const failing = slots.run(async () => {
      order.push('failing');
      await first.opened;
      throw new Error('kaputt');
    });
    const waiting = slots.run(async () => void order.push('waiting'));
    first.open();
    const late = slots.run(async () => void order.push('late'));
    await expect(failing).rejects.toThrow('kaputt');
    await Promise.all([waiting, late]);
    expect(order).toEqual(['failing', 'waiting', 'late']);
    expect(slots.busy).toBe(0);
  });

  it('lets waiting jobs start at once when the limit is raised', async () => {
    const slots = new Slots(1);
    const g = gate();
    const started: number[] = [];
    const jobs = [0, 1, 2].map((i) =>
      slots.run(async () => {
        started.push(i);
        await g.opened;
      }),
    );
    await settle();
    expect(started).toEqual([0]);
    slots.setLimit(3);
    await settle();
    expect(started).toEqual([0, 1, 2]);
    g.open();
    await Promise.all(jobs);
  });
});

describe("IMAGE_JOBS, IMAGE_THREADS and glibc's malloc settings", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-image-settings-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = { NODE_ENV: 'test', DATA_DIR: dataDir };

  it('defaults to cores − 1 image jobs (at least one), one thread each, and two arenas and 128 KiB thresholds for the workers', () => {
    const config = loadConfig(base);
    expect(config.images.jobs).toBeGreaterThanOrEqual(1);
    expect(config.images.threads).toBe(1);
    expect(config.workerEnv).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' });
    // `IMAGE_JOBS=` (empty, as in .env.example) is the default too.
    expect(loadConfig({ ...base, IMAGE_JOBS: '' }).images.jobs).toBe(config.images.jobs);
  });

  it('takes the settings from the environment', () => {
    const config = loadConfig({
      ...base,
      IMAGE_JOBS: '3',
      IMAGE_THREADS: '2',
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '65536',
      MALLOC_TRIM_THRESHOLD_: '1048576',
    });
    expect(config.images).toEqual({ jobs: 3, threads: 2 });
    expect(config.workerEnv).toEqual({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '1048576' });
  });

  it('refuses nonsense with a German message', () => {
    expect(() => loadConfig({ ...base, IMAGE_JOBS: '0' })).toThrow(/IMAGE_JOBS muss eine ganze Zahl von 1 bis 64 sein/);
    expect(() => loadConfig({ ...base, IMAGE_THREADS: 'viele' })).toThrow(/IMAGE_THREADS muss eine ganze Zahl/);
    expect(() => loadConfig({ ...base, MALLOC_ARENA_MAX: '1.5' })).toThrow(/MALLOC_ARENA_MAX muss eine ganze Zahl/);
    expect(() => loadConfig({ ...base, MALLOC_MMAP_THRESHOLD_: '100' })).toThrow(/MALLOC_MMAP_THRESHOLD_ muss eine ganze Zahl/);
  });
});
