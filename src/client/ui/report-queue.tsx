import type { ComponentChildren } from 'preact';
import { type ApiGet, errorMessage } from '../core/api.js';
import { formatDateTime } from '../core/format.js';
import { MoreButton, type Page, usePagedList } from './paged-list.js';
import { ItemList, Load } from './states.js';

/** What every moderation queue says; each queue brings its own words. */
export interface ReportQueueTexts {
  empty: string;
  by: string;
  reason: string;
}

/** One way to close a report (`POST …/<id>/resolve` with `{ action }`); `danger` for the one that removes. */
export interface ReportAction<A extends string = string> {
  action: A;
  label: string;
  danger?: boolean;
}

/** The actions of the queues of people and messages: dismiss, or suspend the account. */
export const dismissOrSuspend = (texts: { dismiss: string; suspend: string }): ReportAction<'dismiss' | 'suspend'>[] => [
  { action: 'dismiss', label: texts.dismiss },
  { action: 'suspend', label: texts.suspend, danger: true },
];

interface QueuedReport {
  id: number;
  created_at: string;
  reason: string;
  reporter: { name: string; email: string };
}

/**
 * One moderation queue of /app/admin/moderation (forum posts, map items, people, direct messages): who reported
 * when and why, then what `children` shows of the reported thing, then the queue's `actions`.
 */
export function ReportQueue<T extends QueuedReport, A extends string>(props: {
  /** The queue's typed GET (`apiGet('/api/moderation/…', { params: { query: { limit: 30 } } })`). */
  list: ApiGet<Page<T>>;
  /** The typed POST …/{id}/resolve. */
  resolve: (id: number, action: A) => Promise<unknown>;
  texts: ReportQueueTexts;
  actions: readonly ReportAction<A>[];
  onError: (message: string | null) => void;
  children: (report: T) => ComponentChildren;
}) {
  const { texts, onError } = props;
  const reports = usePagedList<T>(props.list);
  const reload = reports.reload;
  const resolve = (id: number, action: A) => async () => {
    onError(null);
    try {
      await props.resolve(id, action);
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
                  {props.actions.map(({ action, label, danger }) => (
                    <button
                      key={action}
                      type="button"
                      class={`button ${danger ? 'button-danger' : 'button-secondary'} button-small`}
                      onClick={resolve(report.id, action)}
                    >
                      {label}
                    </button>
                  ))}
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
