import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage, apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { Empty, Load, useResource, OutcomeNotice, type Outcome } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';

const tj = {
  title: 'Jobs',
  intro: 'Die geplanten Aufgaben des Servers. Jeder Lauf findet auf genau einer Instanz statt.',
  empty: 'Keine Jobs eingetragen',
  schedule: 'Plan (Cron, Europe/Berlin)',
  next: 'Nächster Lauf',
  last: 'Letzter Lauf',
  duration: 'Dauer',
  outcome: 'Ergebnis',
  count: 'Anzahl',
  never: 'noch nie',
  running: 'läuft gerade',
  ok: 'OK',
  failed: 'Fehlgeschlagen',
  start: 'Jetzt starten',
  started: (name: string) => `${name} ist gestartet.`,
};

const duration = (ms: number | null) => (ms === null ? '–' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 })} s`);

/** The admin's job list: last run, duration, outcome and count, and "start now". */
export function JobsScreen() {
  const [resource, reload] = useResource(apiGet('/api/admin/jobs'));
  const [message, setMessage] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const anyRunning = resource.status === 'ready' && resource.data.items.some((j) => j.running);
  // While a job runs, look again every 2 s so its outcome shows up.
  useEffect(() => {
    if (!anyRunning) return;
    const timer = window.setTimeout(reload, 2000);
    return () => window.clearTimeout(timer);
  });

  const start = async (name: string) => {
    setBusy(name);
    setMessage(null);
    try {
      await api.POST('/api/admin/jobs/{name}/run', { params: { path: { name } } });
      setMessage({ ok: true, text: tj.started(name) });
      window.setTimeout(reload, 500);
    } catch (e) {
      setMessage({ ok: false, text: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AdminFrame title={tj.title}>
      <p class="lead">{tj.intro}</p>
      <OutcomeNotice outcome={message} />
      <Load resource={resource} onRetry={reload}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty title={tj.empty} />
          ) : (
            <ul class="card-list job-list">
              {data.items.map((job) => (
                <li key={job.name} class="card" data-job={job.name}>
                  <h2>{job.name}</h2>
                  <dl class="facts">
                    <dt>{tj.schedule}</dt>
                    <dd>
                      <code>{job.schedule}</code>
                    </dd>
                    <dt>{tj.next}</dt>
                    <dd>{job.next_run_at ? formatDateTime(job.next_run_at) : '–'}</dd>
                    <dt>{tj.last}</dt>
                    <dd>{job.running ? tj.running : job.last_started_at ? formatDateTime(job.last_started_at) : tj.never}</dd>
                    <dt>{tj.duration}</dt>
                    <dd>{duration(job.last_duration_ms)}</dd>
                    <dt>{tj.outcome}</dt>
                    <dd data-testid="job-outcome">
                      {job.last_status === 'ok' ? tj.ok : job.last_status === 'failed' ? `${tj.failed}: ${job.last_error ?? ''}` : '–'}
                    </dd>
                    <dt>{tj.count}</dt>
                    <dd>{job.last_count ?? '–'}</dd>
                  </dl>
                  <button type="button" class="button button-secondary" disabled={busy !== null || job.running} onClick={() => void start(job.name)}>
                    {tj.start}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </Load>
    </AdminFrame>
  );
}
