import { useState } from 'preact/hooks';
import type { IpBlock } from '../../../api/types.js';
import { api, apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { ConfirmDelete, useConfirmDelete } from '../../../ui/confirm-delete.js';
import { DataTable } from '../../../ui/data-table.js';
import { Load, useResource } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { tx } from './texts.js';

const bx = tx.ipBlocks;

/** /app/admin/sperren: the addresses the honeypot blocked (for requests without a session), and lifting one. */
export function IpBlocksScreen() {
  const [blocks, reload] = useResource(apiGet('/api/admin/ip-blocks'));
  const [note, setNote] = useState<string | null>(null);
  const lifting = useConfirmDelete(
    (b: IpBlock) => api.DELETE('/api/admin/ip-blocks/{ip}', { params: { path: { ip: b.ip } } }),
    (b) => {
      setNote(bx.lifted(b.ip));
      reload();
    },
  );
  return (
    <AdminFrame title={bx.title}>
      <p>{bx.intro}</p>
      {note && (
        <p class="notice notice-success" role="status">
          {note}
        </p>
      )}
      <Load resource={blocks} onRetry={reload}>
        {(data) => (
          <DataTable
            caption={bx.title}
            rows={data.items}
            rowKey={(b) => b.ip}
            emptyTitle={bx.empty}
            columns={[
              { header: bx.ip, cell: (b) => <code>{b.ip}</code> },
              { header: bx.reason, cell: (b) => b.reason },
              { header: bx.hits, numeric: true, cell: (b) => b.hits },
              { header: bx.first, cell: (b) => formatDateTime(b.first_hit_at) },
              { header: bx.last, cell: (b) => (b.last_hit_at ? formatDateTime(b.last_hit_at) : '–') },
              { header: bx.until, cell: (b) => formatDateTime(b.blocked_until) },
              {
                header: bx.actions,
                hideHeader: true,
                cell: (b) => (
                  <button type="button" class="button button-secondary button-small" onClick={() => lifting.ask(b)}>
                    {bx.lift}
                    <span class="visually-hidden"> {b.ip}</span>
                  </button>
                ),
              },
            ]}
          />
        )}
      </Load>
      <ConfirmDelete state={lifting} title={bx.liftTitle(lifting.target?.ip ?? '')} confirmLabel={bx.lift} tone="primary">
        <p>{bx.liftText}</p>
      </ConfirmDelete>
    </AdminFrame>
  );
}
