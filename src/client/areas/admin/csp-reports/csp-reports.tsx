import { apiGet } from '../../../core/api.js';
import type { CspReportGroup } from '../../../api/types.js';
import { formatDateTime } from '../../../core/format.js';
import { DataTable } from '../../../ui/data-table.js';
import { Load, useResource } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { tx } from './texts.js';

const cx = tx.cspReports;

/** /app/admin/csp: what the browsers' Content-Security-Policy refused in the last 30 days, grouped and counted. */
export function CspReportsScreen() {
  const [reports, reload] = useResource(apiGet('/api/admin/csp-reports'));
  return (
    <AdminFrame title={cx.title}>
      <p>{cx.intro}</p>
      <Load resource={reports} onRetry={reload}>
        {(data) => (
          <DataTable
            caption={cx.title}
            rows={data.items}
            rowKey={(r) => `${r.directive} ${r.blocked} ${r.page}`}
            emptyTitle={cx.empty}
            columns={[
              { header: cx.count, numeric: true, cell: (r) => r.count },
              { header: cx.directive, cell: (r) => <code>{r.directive}</code> },
              { header: cx.blocked, cell: (r) => <code class="break-anywhere">{r.blocked}</code> },
              { header: cx.page, cell: (r) => <code class="break-anywhere">{r.page}</code> },
              { header: cx.last, cell: (r) => formatDateTime(r.last_at) },
            ]}
          />
        )}
      </Load>
    </AdminFrame>
  );
}
