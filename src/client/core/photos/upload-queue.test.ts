import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import { UploadQueue, type UploadTask } from './upload-queue.js';

/** A task the test finishes by hand: resolve, fail, or wait for the queue's abort. */
function manual(name: string) {
  const attempts: { resolve: (v: string) => void; reject: (e: unknown) => void; signal: AbortSignal }[] = [];
  const task: UploadTask<string> = {
    name,
    run: (onProgress, signal) =>
      new Promise<string>((resolve, reject) => {
        onProgress(0.5);
        signal.addEventListener('abort', () => reject(new ApiError(0, 'aborted', 'Upload abgebrochen.')));
        attempts.push({ resolve, reject, signal });
      }),
  };
  return { task, attempts };
}
const states = (q: UploadQueue<string>) => q.items.get().map((i) => `${i.name}:${i.state}`);
const tick = () => new Promise((r) => setImmediate(r));

describe('UploadQueue', () => {
  it('runs two at a time, with progress, and settles when each is done, failed or cancelled', async () => {
    const q = new UploadQueue<string>();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(manual) as ReturnType<typeof manual>[];
    let settled = false;
    void q.add([a!.task, b!.task, c!.task, d!.task]).then(() => (settled = true));
    expect(states(q)).toEqual(['a:uploading', 'b:uploading', 'c:waiting', 'd:waiting']);
    expect(q.items.get()[0]?.progress).toBe(0.5);

    q.cancel(4); // waiting: never starts
    a!.attempts[0]!.resolve('A');
    await tick();
    expect(states(q)).toEqual(['a:done', 'b:uploading', 'c:uploading', 'd:cancelled']);
    q.cancel(2); // running: its request is aborted
    expect(b!.attempts[0]!.signal.aborted).toBe(true);
    c!.attempts[0]!.reject(new ApiError(413, 'payload_too_large', 'Zu groß.'));
    await tick();
    expect(states(q)).toEqual(['a:done', 'b:cancelled', 'c:failed', 'd:cancelled']);
    expect(settled).toBe(true);
    expect(q.results.get(1)).toBe('A');
    expect(q.failedTasks()).toEqual([c!.task]);
    expect(q.failed()[0]?.error?.message).toBe('Zu groß.');

    // A retry runs the same task again.
    const retried = q.retry(3);
    expect(states(q)[2]).toBe('c:uploading');
    c!.attempts[1]!.resolve('C');
    await retried;
    expect(states(q)[2]).toBe('c:done');
    expect(q.failed()).toEqual([]);
  });
});
