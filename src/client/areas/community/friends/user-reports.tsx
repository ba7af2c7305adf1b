import type { UserReport } from '../../../api/types.js';
import { dismissOrSuspend, ReportQueue } from '../../../ui/report-queue.js';
import { urx } from './texts.js';

/** The moderators' part of /app/admin/moderation for reported people: dismiss or suspend the account. */
export function UserReports({ onError }: { onError: (message: string | null) => void }) {
  return (
    <ReportQueue<UserReport> url="/api/moderation/user-reports" texts={urx} actions={dismissOrSuspend(urx)} onError={onError}>
      {(report) => (
        <p>
          {urx.person}: <strong>{report.user.name}</strong> ({report.user.email}){report.user.city && ` · ${report.user.city}`}
          {report.user.status !== 'active' && ` · ${urx.suspended}`}
        </p>
      )}
    </ReportQueue>
  );
}
