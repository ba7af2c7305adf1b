/**
 * `http_request_duration_seconds`: a histogram by method, route template and status class, kept by hand. A
 * prom-client Histogram builds a label object and hashes it on every observation; this one finds its series in
 * three small maps and adds to an array, so a request pays well under a microsecond (docs/performance.md, metrics).
 * It hands prom-client's registry the same shape a Histogram does (`get()`), so the text format and the cluster's
 * aggregation (sum per series) are prom-client's own.
 */

/** Seconds; prom-client's default buckets. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** The route label of a request no route took (a 404, static files): one series, whatever the path was. */
export const UNMATCHED_ROUTE = 'unmatched';

interface Series {
  /** counts[i]: observations in bucket i (not cumulative); the last one is +Inf. */
  counts: number[];
  sum: number;
}

interface MetricValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from the request to the last byte of the answer, by method, route template and status class.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** route -> method -> status class index -> series. Bounded: routes and methods are the app's own. */
  readonly #series = new Map<string, Map<string, (Series | undefined)[]>>();

  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.#series.get(route);
    if (!byMethod) this.#series.set(route, (byMethod = new Map()));
    let byClass = byMethod.get(method);
    if (!byClass) byMethod.set(method, (byClass = []));
    const cls = Math.min(4, Math.max(0, Math.floor(status / 100) - 1));
    let series = byClass[cls];
    if (!series) byClass[cls] = series = { counts: new Array<number>(BUCKETS.length + 1).fill(0), sum: 0 };
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
    series.counts[i]! += 1;
    series.sum += seconds;
  }

  /** What prom-client's registry reads (the shape of Histogram#get). */
  get(): { name: string; help: string; type: string; aggregator: string; values: MetricValue[] } {
    const values: MetricValue[] = [];
    for (const [route, byMethod] of this.#series)
      for (const [method, byClass] of byMethod)
        byClass.forEach((series, cls) => {
          if (!series) return;
          const labels = { method, route, status_class: STATUS_CLASSES[cls]! };
          let cumulative = 0;
          series.counts.forEach((count, i) => {
            cumulative += count;
            values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: i < BUCKETS.length ? BUCKETS[i]! : '+Inf' }, value: cumulative });
          });
          values.push({ metricName: `${this.name}_sum`, labels, value: series.sum });
          values.push({ metricName: `${this.name}_count`, labels, value: cumulative });
        });
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/** `job_runs_total` by job and outcome (ok, failed): counted where the scheduler finishes a run. */
export class JobRuns {
  readonly name = 'job_runs_total';
  readonly help = 'Scheduled job runs this process finished, by job and outcome.';
  readonly type = 'counter';
  readonly aggregator = 'sum';
  readonly #counts = new Map<string, number>();

  count(job: string, outcome: 'ok' | 'failed'): void {
    const key = `${job}\n${outcome}`;
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
  }

  get(): { name: string; help: string; type: string; aggregator: string; values: MetricValue[] } {
    const values = [...this.#counts].map(([key, value]) => {
      const [job = '', outcome = ''] = key.split('\n');
      return { metricName: this.name, labels: { job, outcome }, value };
    });
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
