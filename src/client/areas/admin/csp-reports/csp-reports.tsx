import { apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { DataTable } from '../../../ui/data-table.js';
import { Load, useResource } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { cspReportsTexts } from './texts.js';

/** /app/admin/csp: what the browsers' Content-Security-Policy refused in the last 30 days, grouped and counted. */
export function CspReportsScreen() {
  const [reports, reload] = useResource(apiGet('/api/admin/csp-reports'));
  return (
    <AdminFrame title={cspReportsTexts.cspReports.title}>
      <p>{cspReportsTexts.cspReports.intro}</p>
      <Load resource={reports} onRetry={reload}>
        {(data) => (
          <DataTable
            caption={cspReportsTexts.cspReports.title}
            rows={data.items}
            rowKey={(r) => `${r.directive} ${r.blocked} ${r.page}`}
            emptyTitle={cspReportsTexts.cspReports.empty}
            columns={[
              { header: cspReportsTexts.cspReports.count, numeric: true, cell: (r) => r.count },
              { header: cspReportsTexts.cspReports.directive, cell: (r) => <code>{r.directive}</code> },
              { header: cspReportsTexts.cspReports.blocked, cell: (r) => <code class="break-anywhere">{r.blocked}</code> },
              { header: cspReportsTexts.cspReports.page, cell: (r) => <code class="break-anywhere">{r.page}</code> },
              { header: cspReportsTexts.cspReports.last, cell: (r) => formatDateTime(r.last_at) },
            ]}
          />
        )}
      </Load>
    </AdminFrame>
  );
}
