import { useState } from 'preact/hooks';
import type { IpBlock } from '../../../api/types.js';
import { api, apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { ConfirmDelete, useConfirmDelete } from '../../../ui/confirm-delete.js';
import { DataTable } from '../../../ui/data-table.js';
import { Load, useResource } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { ipBlocksTexts } from './texts.js';

/** /app/admin/sperren: the addresses the honeypot blocked (for requests without a session), and lifting one. */
export function IpBlocksScreen() {
  const [blocks, reload] = useResource(apiGet('/api/admin/ip-blocks'));
  const [note, setNote] = useState<string | null>(null);
  const lifting = useConfirmDelete(
    (b: IpBlock) => api.DELETE('/api/admin/ip-blocks/{ip}', { params: { path: { ip: b.ip } } }),
    (b) => {
      setNote(ipBlocksTexts.ipBlocks.lifted(b.ip));
      reload();
    },
  );
  return (
    <AdminFrame title={ipBlocksTexts.ipBlocks.title}>
      <p>{ipBlocksTexts.ipBlocks.intro}</p>
      {note && (
        <p class="notice notice-success" role="status">
          {note}
        </p>
      )}
      <Load resource={blocks} onRetry={reload}>
        {(data) => (
          <DataTable
            caption={ipBlocksTexts.ipBlocks.title}
            rows={data.items}
            rowKey={(b) => b.ip}
            emptyTitle={ipBlocksTexts.ipBlocks.empty}
            columns={[
              { header: ipBlocksTexts.ipBlocks.ip, cell: (b) => <code>{b.ip}</code> },
              { header: ipBlocksTexts.ipBlocks.reason, cell: (b) => b.reason },
              { header: ipBlocksTexts.ipBlocks.hits, numeric: true, cell: (b) => b.hits },
              { header: ipBlocksTexts.ipBlocks.first, cell: (b) => formatDateTime(b.first_hit_at) },
              { header: ipBlocksTexts.ipBlocks.last, cell: (b) => (b.last_hit_at ? formatDateTime(b.last_hit_at) : '–') },
              { header: ipBlocksTexts.ipBlocks.until, cell: (b) => formatDateTime(b.blocked_until) },
              {
                header: ipBlocksTexts.ipBlocks.actions,
                hideHeader: true,
                cell: (b) => (
                  <button type="button" class="button button-secondary button-small" onClick={() => lifting.ask(b)}>
                    {ipBlocksTexts.ipBlocks.lift}
                    <span class="visually-hidden"> {b.ip}</span>
                  </button>
                ),
              },
            ]}
          />
        )}
      </Load>
      <ConfirmDelete
        state={lifting}
        title={ipBlocksTexts.ipBlocks.liftTitle(lifting.target?.ip ?? '')}
        confirmLabel={ipBlocksTexts.ipBlocks.lift}
        tone="primary"
      >
        <p>{ipBlocksTexts.ipBlocks.liftText}</p>
      </ConfirmDelete>
    </AdminFrame>
  );
}
