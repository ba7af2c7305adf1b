import type { UserReport } from '../../../api/types.js';
import { api, errorMessage } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { ItemList, Load, useResource } from '../../../ui/states.js';
import { urx } from './texts.js';

/** The moderators' part of /app/admin/moderation for reported people: dismiss or suspend the account. */
export function UserReports({ onError }: { onError: (message: string | null) => void }) {
  const [reports, reload] = useResource<{ items: UserReport[] }>('/api/moderation/user-reports');
  const resolve = (id: number, action: 'dismiss' | 'suspend') => async () => {
    onError(null);
    try {
      await api.post(`/api/moderation/user-reports/${id}/resolve`, { action });
      reload();
    } catch (e) {
      onError(errorMessage(e));
    }
  };
  return (
    <Load resource={reports} onRetry={reload}>
      {(r) => (
        <ItemList items={r.items} empty={urx.empty} class="card-list">
          {(report) => (
            <li key={report.id} class="card report-card" data-report={report.id}>
              <p class="muted small">
                {formatDateTime(report.created_at)} · {urx.by} {report.reporter.name} ({report.reporter.email})
              </p>
              <p>
                <strong>{urx.reason}:</strong> {report.reason}
              </p>
              <p>
                {urx.person}: <strong>{report.user.name}</strong> ({report.user.email}){report.user.city && ` · ${report.user.city}`}
                {report.user.status !== 'active' && ` · ${urx.suspended}`}
              </p>
              <div class="actions">
                <button type="button" class="button button-secondary button-small" onClick={resolve(report.id, 'dismiss')}>
                  {urx.dismiss}
                </button>
                <button type="button" class="button button-danger button-small" onClick={resolve(report.id, 'suspend')}>
                  {urx.suspend}
                </button>
              </div>
            </li>
          )}
        </ItemList>
      )}
    </Load>
  );
}
