import type { MessageReport } from '../../../api/types.js';
import { api, errorMessage } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { RichText } from '../../../ui/rich-text.js';
import { ItemList, Load, useResource } from '../../../ui/states.js';
import { mrx } from './texts.js';

/**
 * The moderators' part of /app/admin/moderation for reported direct messages: the message in its context (a few
 * lines before and after, of that one conversation), dismiss or suspend the sender. Loaded only on that screen.
 */
export function MessageReports({ onError }: { onError: (message: string | null) => void }) {
  const [reports, reload] = useResource<{ items: MessageReport[] }>('/api/moderation/message-reports');
  const resolve = (id: number, action: 'dismiss' | 'suspend') => async () => {
    onError(null);
    try {
      await api.post(`/api/moderation/message-reports/${id}/resolve`, { action });
      reload();
    } catch (e) {
      onError(errorMessage(e));
    }
  };
  return (
    <Load resource={reports} onRetry={reload}>
      {(r) => (
        <ItemList items={r.items} empty={mrx.empty} class="card-list">
          {(report) => (
            <li key={report.id} class="card report-card" data-report={report.id}>
              <p class="muted small">
                {formatDateTime(report.created_at)} · {mrx.by} {report.reporter.name} ({report.reporter.email})
              </p>
              <p>
                <strong>{mrx.reason}:</strong> {report.reason}
              </p>
              <p class="muted small">
                {mrx.from} {report.sender.name} ({report.sender.email}){report.sender.status !== 'active' && ` · ${mrx.suspended}`}
              </p>
              <h3 class="small">{mrx.context}</h3>
              <ol class="message-list report-context">
                {report.context.map((m) => (
                  <li key={m.id} class={m.sender_id === report.sender.id ? 'message theirs' : 'message mine'} aria-current={m.reported ? 'true' : undefined}>
                    <span class="muted small">{m.sender_id === report.sender.id ? report.sender.name : report.reporter.name}: </span>
                    {m.reported ? (
                      <mark>
                        <RichText text={m.text} />
                      </mark>
                    ) : (
                      <RichText text={m.text} />
                    )}
                    {m.reported && <span class="tag">{mrx.reported}</span>}
                  </li>
                ))}
              </ol>
              <div class="actions">
                <button type="button" class="button button-secondary button-small" onClick={resolve(report.id, 'dismiss')}>
                  {mrx.dismiss}
                </button>
                <button type="button" class="button button-danger button-small" onClick={resolve(report.id, 'suspend')}>
                  {mrx.suspend}
                </button>
              </div>
            </li>
          )}
        </ItemList>
      )}
    </Load>
  );
}
