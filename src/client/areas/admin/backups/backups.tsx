import { useEffect, useState } from 'preact/hooks';
import type { BackupSnapshot, BackupStatus } from '../../../api/types.js';
import { ApiError, api, errorMessage, apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { Empty, Load, useResource, OutcomeNotice, type Outcome } from '../../../ui/states.js';
import { describeSchedule, formatMegabytes } from './backup-format.js';
import { backupsTexts } from './texts.js';

/** How often the screen asks while a run is going: a snapshot of a small install takes seconds, a large one minutes. */
const POLL_MS = 2000;
/** When to stop asking: a run this long is stuck or huge; the admin is told to come back instead of a page polling forever. */
const GIVE_UP_MS = 15 * 60 * 1000;

/** A run that started at `since` has finished (ISO timestamps of the one server compare as strings). */
function finishedSince(status: BackupStatus, since: string): boolean {
  return status.last_run.finished_at !== null && status.last_run.finished_at >= since && !status.running;
}

function statusText(status: BackupStatus): string {
  const run = status.last_run;
  if (status.running) return backupsTexts.running;
  if (run.status === 'ok') return backupsTexts.ok;
  if (run.status === 'failed') return backupsTexts.failed(run.error);
  return backupsTexts.noRun;
}

interface Watch {
  /** The run being waited for started at this time. */
  since: string;
  /** Time (ms) after which the screen stops asking. */
  until: number;
}

/** /app/admin/sicherungen: the last snapshot and its run, the kept ones, where and when, and "Jetzt sichern". */
export function BackupsScreen() {
  const [resource, reload] = useResource(apiGet('/api/admin/backups'));
  const [watch, setWatch] = useState<Watch | null>(null);
  const [message, setMessage] = useState<Outcome | null>(null);
  const [starting, setStarting] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const data = resource.status === 'ready' ? resource.data : null;

  // A run already going when the screen opens (the nightly one, or another admin's) is watched like one started here.
  useEffect(() => {
    if (data && !watch && !gaveUp && data.running && data.last_run.started_at) setWatch({ since: data.last_run.started_at, until: Date.now() + GIVE_UP_MS });
  }, [data, watch, gaveUp]);

  // While watching: ask again every POLL_MS until the run has finished or the deadline passed.
  useEffect(() => {
    if (!watch || !data) return;
    if (finishedSince(data, watch.since)) {
      setWatch(null);
      const ok = data.last_run.status === 'ok';
      setMessage({ ok, text: ok ? backupsTexts.done : backupsTexts.doneFailed });
      return;
    }
    if (Date.now() > watch.until) {
      setWatch(null);
      setGaveUp(true);
      setMessage({ ok: false, text: backupsTexts.tooLong });
      return;
    }
    const timer = window.setTimeout(reload, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [watch, data, reload]);

  const start = async () => {
    setStarting(true);
    setMessage(null);
    setGaveUp(false);
    try {
      const started = await api.POST('/api/admin/jobs/{name}/run', { params: { path: { name: 'backup.snapshot' } } });
      setWatch({ since: started.started_at, until: Date.now() + GIVE_UP_MS });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        // Another run holds the job (the nightly one, another admin's): load it, and the effect above watches it.
        setMessage({ ok: true, text: backupsTexts.busy });
        reload();
      } else setMessage({ ok: false, text: errorMessage(e) });
    } finally {
      setStarting(false);
    }
  };

  // Only a watched run locks the button: a lease left by a crashed instance must not block it for good (the server says 409).
  const running = watch !== null;
  return (
    <AdminFrame title={backupsTexts.title}>
      <p class="lead">{backupsTexts.intro}</p>
      {data?.problem && (
        <p class="notice notice-warning" role="alert" data-testid="backup-problem">
          {data.problem}
        </p>
      )}
      <OutcomeNotice outcome={message} />
      <Load resource={resource} onRetry={reload}>
        {(status) => (
          <>
            <h2>{backupsTexts.lastTitle}</h2>
            <LastSnapshot snapshot={status.snapshots[0]} status={status} />
            <p class="actions">
              <button type="button" class="button" disabled={starting || running} onClick={() => void start()}>
                {backupsTexts.start}
              </button>
            </p>
            {running && (
              <p class="notice notice-info" role="status" data-testid="backup-running">
                {backupsTexts.running}
              </p>
            )}
            <h2>{backupsTexts.planTitle}</h2>
            <dl class="facts card">
              <dt>{backupsTexts.nightly}</dt>
              <dd data-testid="backup-schedule">{status.enabled ? describeSchedule(status.schedule) : backupsTexts.off}</dd>
              <dt>{backupsTexts.location}</dt>
              <dd class="break-anywhere">
                <code>{status.location}</code>
              </dd>
            </dl>
            {status.snapshots.length > 0 && <KeptSnapshots snapshots={status.snapshots} />}
          </>
        )}
      </Load>
    </AdminFrame>
  );
}

/** Newest first, as the server lists them; cards, not a table, so nothing scrolls sideways on a phone. The folder name is what `npm run cli -- restore` takes. */
function KeptSnapshots({ snapshots }: { snapshots: BackupSnapshot[] }) {
  return (
    <>
      <h2>{backupsTexts.keptTitle(snapshots.length)}</h2>
      <ul class="card-list">
        {snapshots.map((s) => (
          <li key={s.name} class="card" data-snapshot={s.name}>
            <p>
              <strong>{formatDateTime(s.created_at)}</strong> · {formatMegabytes(s.size_bytes)} · {backupsTexts.files(s.media_files)}
            </p>
            <p class="muted break-anywhere">
              <code>{s.name}</code>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

function LastSnapshot({ snapshot, status }: { snapshot: BackupSnapshot | undefined; status: BackupStatus }) {
  if (!snapshot)
    return (
      <Empty title={backupsTexts.none} icon="paw">
        <p>{backupsTexts.noneHint}</p>
        {status.last_run.status === 'failed' && <p>{statusText(status)}</p>}
      </Empty>
    );
  return (
    <dl class="facts card" data-testid="backup-last">
      <dt>{backupsTexts.time}</dt>
      <dd>{formatDateTime(snapshot.created_at)}</dd>
      <dt>{backupsTexts.size}</dt>
      <dd>{formatMegabytes(snapshot.size_bytes)}</dd>
      <dt>{backupsTexts.engine}</dt>
      <dd>{backupsTexts.engines[snapshot.engine] ?? snapshot.engine}</dd>
      <dt>{backupsTexts.status}</dt>
      <dd>{statusText(status)}</dd>
    </dl>
  );
}
