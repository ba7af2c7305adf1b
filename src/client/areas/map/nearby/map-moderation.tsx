import type { MapReport } from '../../../api/types.js';
import { ReportQueue } from '../../../ui/report-queue.js';
import { mx } from './texts.js';

/** Reported map items (poison warnings, lost dogs, listings …), oldest first: dismiss, or delete the item. */
export function MapReports({ onError }: { onError: (message: string | null) => void }) {
  return (
    <ReportQueue<MapReport>
      url="/api/moderation/map-reports"
      texts={{ empty: mx.mapEmpty, by: mx.by, reason: mx.reason }}
      actions={[
        { action: 'dismiss', label: mx.dismiss },
        { action: 'delete', label: mx.deleteItem, danger: true },
      ]}
      onError={onError}
    >
      {(report) => (
        <>
          <p>
            <span class="tag">{report.item.kind_name}</span>{' '}
            {report.item.summary === null ? <span class="muted">{mx.gone}</span> : <a href={report.item.url}>{report.item.summary || mx.open}</a>}
          </p>
          {report.item.photo_url && <img class="item-photo" src={report.item.photo_url} alt="" />}
        </>
      )}
    </ReportQueue>
  );
}
