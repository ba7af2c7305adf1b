import { api, apiGet } from '../../../core/api.js';
import { ReportQueue } from '../../../ui/report-queue.js';
import { mapModerationTexts } from './texts.js';

/** Reported map items (poison warnings, lost dogs, listings …), oldest first: dismiss, or delete the item. */
export function MapReports({ onError }: { onError: (message: string | null) => void }) {
  return (
    <ReportQueue
      list={apiGet('/api/moderation/map-reports', { params: { query: { limit: 30 } } })}
      resolve={(id, action) => api.POST('/api/moderation/map-reports/{id}/resolve', { params: { path: { id } }, body: { action } })}
      texts={{ empty: mapModerationTexts.mapEmpty, by: mapModerationTexts.by, reason: mapModerationTexts.reason }}
      actions={[
        { action: 'dismiss' as const, label: mapModerationTexts.dismiss },
        { action: 'delete' as const, label: mapModerationTexts.deleteItem, danger: true },
      ]}
      onError={onError}
    >
      {(report) => (
        <>
          <p>
            <span class="tag">{report.item.kind_name}</span>{' '}
            {report.item.summary === null ? (
              <span class="muted">{mapModerationTexts.gone}</span>
            ) : (
              <a href={report.item.url}>{report.item.summary || mapModerationTexts.open}</a>
            )}
          </p>
          {report.item.photo_url && <img class="item-photo" src={report.item.photo_url} alt="" />}
        </>
      )}
    </ReportQueue>
  );
}
