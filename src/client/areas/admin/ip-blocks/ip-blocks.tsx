import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { DataTable } from '../../../ui/data-table.js';
import { Load, useResource } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { tx } from './texts.js';

interface IpBlock {
  ip: string;
  reason: string;
  blocked_until: string;
  first_hit_at: string;
  last_hit_at: string | null;
  hits: number;
}

const bx = tx.ipBlocks;

/** /app/admin/sperren: the addresses the honeypot blocked (for requests without a session), and lifting one. */
export function IpBlocksScreen() {
  const [blocks, reload] = useResource<{ items: IpBlock[] }>('/api/admin/ip-blocks');
  const [lifting, setLifting] = useState<IpBlock | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const lift = async () => {
    if (!lifting) return;
    setBusy(true);
    setError(null);
    try {
      await api.del(`/api/admin/ip-blocks/${encodeURIComponent(lifting.ip)}`);
      setNote(bx.lifted(lifting.ip));
      setLifting(null);
      reload();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
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
                  <button type="button" class="button button-secondary button-small" onClick={() => setLifting(b)}>
                    {bx.lift}
                    <span class="visually-hidden"> {b.ip}</span>
                  </button>
                ),
              },
            ]}
          />
        )}
      </Load>
      <ConfirmDialog
        open={lifting !== null}
        title={bx.liftTitle(lifting?.ip ?? '')}
        confirmLabel={bx.lift}
        tone="primary"
        busy={busy}
        error={error}
        onConfirm={() => void lift()}
        onCancel={() => setLifting(null)}
      >
        <p>{bx.liftText}</p>
      </ConfirmDialog>
    </AdminFrame>
  );
}
