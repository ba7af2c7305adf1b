import type { MapReport } from '../../../api/types.js';
import { api } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { ItemList, Load } from '../../../ui/states.js';
import { mx } from './texts.js';

/** Reported map items (poison warnings, lost dogs, listings …), oldest first: dismiss, or delete the item. */
export function MapReports({ onError }: { onError: (message: string | null) => void }) {
  const reports = usePagedList<MapReport>('/api/moderation/map-reports?limit=30');
  const reload = reports.reload;
  const resolve = (id: number, action: 'dismiss' | 'delete') => async () => {
    onError(null);
    try {
      await api.post(`/api/moderation/map-reports/${id}/resolve`, { action });
      reload();
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      <Load resource={reports.resource} onRetry={reload}>
        {(items) => (
          <ItemList items={items} empty={mx.mapEmpty} class="card-list">
            {(report) => (
              <li key={report.id} class="card report-card">
                <p class="muted small">
                  {formatDateTime(report.created_at)} · {mx.by} {report.reporter.name} ({report.reporter.email})
                </p>
                <p>
                  <strong>{mx.reason}:</strong> {report.reason}
                </p>
                <p>
                  <span class="tag">{report.item.kind_name}</span>{' '}
                  {report.item.summary === null ? <span class="muted">{mx.gone}</span> : <a href={report.item.url}>{report.item.summary || mx.open}</a>}
                </p>
                {report.item.photo_url && <img class="item-photo" src={report.item.photo_url} alt="" />}
                <div class="actions">
                  <button type="button" class="button button-secondary button-small" onClick={resolve(report.id, 'dismiss')}>
                    {mx.dismiss}
                  </button>
                  <button type="button" class="button button-danger button-small" onClick={resolve(report.id, 'delete')}>
                    {mx.deleteItem}
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
