import type { ComponentChildren } from 'preact';
import { api, errorMessage } from '../core/api.js';
import { formatDateTime } from '../core/format.js';
import { MoreButton, usePagedList } from './paged-list.js';
import { ItemList, Load } from './states.js';

/** What every moderation queue of people and messages says; each queue brings its own words. */
export interface ReportQueueTexts {
  empty: string;
  by: string;
  reason: string;
  dismiss: string;
  suspend: string;
}

interface QueuedReport {
  id: number;
  created_at: string;
  reason: string;
  reporter: { name: string; email: string };
}

/**
 * One moderation queue of /app/admin/moderation whose reports end in "dismiss" or "suspend the account"
 * (`POST <url>/<id>/resolve`): who reported when and why, then what `children` shows of the reported thing.
 */
export function ReportQueue<T extends QueuedReport>(props: {
  url: string;
  texts: ReportQueueTexts;
  onError: (message: string | null) => void;
  children: (report: T) => ComponentChildren;
}) {
  const { url, texts, onError } = props;
  const reports = usePagedList<T>(`${url}?limit=30`);
  const reload = reports.reload;
  const resolve = (id: number, action: 'dismiss' | 'suspend') => async () => {
    onError(null);
    try {
      await api.post(`${url}/${id}/resolve`, { action });
      reload();
    } catch (e) {
      onError(errorMessage(e));
    }
  };
  return (
    <>
      <Load resource={reports.resource} onRetry={reload}>
        {(items) => (
          <ItemList items={items} empty={texts.empty} class="card-list">
            {(report) => (
              <li key={report.id} class="card report-card" data-report={report.id}>
                <p class="muted small">
                  {formatDateTime(report.created_at)} · {texts.by} {report.reporter.name} ({report.reporter.email})
                </p>
                <p>
                  <strong>{texts.reason}:</strong> {report.reason}
                </p>
                {props.children(report)}
                <div class="actions">
                  <button type="button" class="button button-secondary button-small" onClick={resolve(report.id, 'dismiss')}>
                    {texts.dismiss}
                  </button>
                  <button type="button" class="button button-danger button-small" onClick={resolve(report.id, 'suspend')}>
                    {texts.suspend}
                  </button>
                </div>
              </li>
            )}
          </ItemList>
        )}
      </Load>
      <MoreButton list={reports} auto />
    </>
  );
}
