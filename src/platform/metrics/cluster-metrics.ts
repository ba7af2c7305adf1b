import cluster from 'node:cluster';

/**
 * With WEB_CONCURRENCY > 1 a scrape reaches one worker, but the answer must cover all of them. The worker asks the
 * primary over the cluster's IPC channel; the primary asks every worker through prom-client's AggregatorRegistry
 * (each worker answers from its registry, see metrics.ts) and hands the sum back.
 */

const REQUEST = 'pfotenbuch:metrics-request';
const ANSWER = 'pfotenbuch:metrics-answer';
/** prom-client's own wait for the workers is 5 s; a little more here, so its error arrives first. */
const WAIT_MS = 6_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  body?: string;
  contentType?: string;
  error?: string;
}

const isAnswer = (m: unknown): m is Answer => typeof m === 'object' && m !== null && (m as Answer).type === ANSWER;

const pending = new Map<number, (answer: Answer) => void>();
let nextId = 0;
let listening = false;

/** In a worker: the aggregated metrics of all workers, from the primary. */
export function metricsFromPrimary(): Promise<{ contentType: string; body: string }> {
  if (!listening) {
    listening = true;
    process.on('message', (message: unknown) => {
      if (isAnswer(message)) pending.get(message.id)?.(message);
    });
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('metrics: the cluster primary did not answer'));
    }, WAIT_MS);
    pending.set(id, (answer) => {
      clearTimeout(timer);
      pending.delete(id);
      if (answer.error !== undefined || answer.body === undefined) reject(new Error(`metrics: ${answer.error ?? 'no answer'}`));
      else resolve({ contentType: answer.contentType ?? 'text/plain', body: answer.body });
    });
    process.send?.({ type: REQUEST, id });
  });
}

/** In the primary (METRICS_TOKEN set): answers the workers' requests with every worker's metrics, summed. */
export async function answerMetricsRequests(): Promise<void> {
  const { AggregatorRegistry } = await import('prom-client');
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== REQUEST) return;
    const id = (message as { id: number }).id;
    // The asking worker may have died meanwhile: sending to it then throws, which must not end the primary.
    const reply = (answer: Answer) => {
      if (worker.isConnected()) worker.send(answer, (err: Error | null) => void err);
    };
    aggregator.clusterMetrics().then(
      (body) => reply({ type: ANSWER, id, body, contentType: aggregator.contentType }),
      (err: unknown) => reply({ type: ANSWER, id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}
