import { api, apiGet } from '../../../core/api.js';
import { dismissOrSuspend, ReportQueue } from '../../../ui/report-queue.js';
import { RichText } from '../../../ui/rich-text.js';
import { messageReportTexts } from './texts.js';

/**
 * The moderators' part of /app/admin/moderation for reported direct messages: the message in its context (a few
 * lines before and after, of that one conversation), dismiss or suspend the sender. Loaded only on that screen.
 */
export function MessageReports({ onError }: { onError: (message: string | null) => void }) {
  return (
    <ReportQueue
      list={apiGet('/api/moderation/message-reports', { params: { query: { limit: 30 } } })}
      resolve={(id, action) => api.POST('/api/moderation/message-reports/{id}/resolve', { params: { path: { id } }, body: { action } })}
      texts={messageReportTexts}
      actions={dismissOrSuspend(messageReportTexts)}
      onError={onError}
    >
      {(report) => (
        <>
          <p class="muted small">
            {messageReportTexts.from} {report.sender.name} ({report.sender.email}){report.sender.status !== 'active' && ` · ${messageReportTexts.suspended}`}
          </p>
          <h3 class="small">{messageReportTexts.context}</h3>
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
                {m.reported && <span class="tag">{messageReportTexts.reported}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </ReportQueue>
  );
}
