import { api, apiGet } from '../../../core/api.js';
import { dismissOrSuspend, ReportQueue } from '../../../ui/report-queue.js';
import { userReportTexts } from './texts.js';

/** The moderators' part of /app/admin/moderation for reported people: dismiss or suspend the account. */
export function UserReports({ onError }: { onError: (message: string | null) => void }) {
  return (
    <ReportQueue
      list={apiGet('/api/moderation/user-reports', { params: { query: { limit: 30 } } })}
      resolve={(id, action) => api.POST('/api/moderation/user-reports/{id}/resolve', { params: { path: { id } }, body: { action } })}
      texts={userReportTexts}
      actions={dismissOrSuspend(userReportTexts)}
      onError={onError}
    >
      {(report) => (
        <p>
          {userReportTexts.person}: <strong>{report.user.name}</strong> ({report.user.email}){report.user.city && ` · ${report.user.city}`}
          {report.user.status !== 'active' && ` · ${userReportTexts.suspended}`}
        </p>
      )}
    </ReportQueue>
  );
}
