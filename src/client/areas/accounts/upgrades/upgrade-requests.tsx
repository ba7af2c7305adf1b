import type { BodyOf, QueryOf } from '../../../core/api.js';
import type { AdminUpgradeRequest } from '../../../api/types.js';
import { useState } from 'preact/hooks';
import { api, apiGet } from '../../../core/api.js';
import { formatDay } from '../../../core/format.js';
import { navigate } from '../../../core/router.js';
import type { ScreenProps } from '../../../core/screen.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { useBusyAction } from '../../../ui/busy-action.js';
import { Empty, Load } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { useOpenUpgradeCount } from './upgrades-api.js';
import { upgradesTexts } from './texts.js';

const STATUSES = ['open', 'fulfilled', 'rejected', 'withdrawn'];
const GRANTABLE = ['pro', 'breeder', 'breeder_test'];

function RequestCard({ request, onDone }: { request: AdminUpgradeRequest; onDone: (text: string) => void }) {
  const [tier, setTier] = useState(GRANTABLE.includes(request.tier) ? request.tier : 'pro');
  const { busy, error, run } = useBusyAction();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const id = `r${request.id}`;

  const act = (action: () => Promise<unknown>, done: string) =>
    run(async () => {
      await action();
      setRejecting(false);
      onDone(done);
    });

  return (
    <li class="card request-card" data-request-id={request.id}>
      <h2>{request.user.name}</h2>
      <p class="muted">{request.user.email}</p>
      <dl class="facts">
        <dt>{upgradesTexts.upgrades.wants}</dt>
        <dd>{upgradesTexts.upgrades.tiers[request.tier] ?? request.tier}</dd>
        <dt>{upgradesTexts.upgrades.current}</dt>
        <dd>{upgradesTexts.upgrades.tiers[request.user.subscription_tier] ?? request.user.subscription_tier}</dd>
        <dt>{upgradesTexts.upgrades.created}</dt>
        <dd>{formatDay(request.created_at)}</dd>
        {request.message && (
          <>
            <dt>{upgradesTexts.upgrades.message}</dt>
            <dd class="pre">{request.message}</dd>
          </>
        )}
        {request.status !== 'open' && (
          <>
            <dt>{upgradesTexts.upgrades.filter}</dt>
            <dd>{upgradesTexts.upgrades.statuses[request.status] ?? request.status}</dd>
          </>
        )}
      </dl>
      {request.status === 'open' && (
        <form
          class="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void act(
              () =>
                api.POST('/api/admin/upgrade-requests/{id}/fulfill', {
                  params: { path: { id: request.id } },
                  body: { tier: tier as BodyOf<'/api/admin/upgrade-requests/{id}/fulfill', 'post'>['tier'] },
                }),
              upgradesTexts.upgrades.fulfilled(request.user.name),
            );
          }}
        >
          <div class="field">
            <label for={`${id}-tier`}>{upgradesTexts.upgrades.tierLabel(request.user.name)}</label>
            <select id={`${id}-tier`} value={tier} onChange={(e) => setTier(e.currentTarget.value)}>
              {GRANTABLE.map((value) => (
                <option key={value} value={value}>
                  {upgradesTexts.upgrades.tiers[value]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" class="button button-small" disabled={busy}>
            {upgradesTexts.upgrades.fulfil}
          </button>
          <button type="button" class="button button-ghost button-small" disabled={busy} onClick={() => setRejecting(true)}>
            {upgradesTexts.upgrades.reject}
          </button>
        </form>
      )}
      {error && !rejecting && (
        <p class="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={rejecting}
        title={upgradesTexts.upgrades.rejectTitle(request.user.name)}
        confirmLabel={upgradesTexts.upgrades.reject}
        busy={busy}
        error={error}
        onConfirm={() =>
          void act(
            () =>
              api.POST('/api/admin/upgrade-requests/{id}/reject', {
                params: { path: { id: request.id } },
                body: reason.trim() ? { reason: reason.trim() } : {},
              }),
            upgradesTexts.upgrades.rejected(request.user.name),
          )
        }
        onCancel={() => setRejecting(false)}
      >
        <div class="field">
          <label for={`${id}-reason`}>{upgradesTexts.upgrades.reason}</label>
          <textarea id={`${id}-reason`} rows={3} maxLength={2000} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
        </div>
      </ConfirmDialog>
    </li>
  );
}

export function UpgradeRequestsScreen({ query }: ScreenProps) {
  const status = STATUSES.includes(query.get('status') ?? '') ? (query.get('status') ?? 'open') : 'open';
  const list = usePagedList<AdminUpgradeRequest>(
    apiGet('/api/admin/upgrade-requests', { params: { query: { status: status as QueryOf<'/api/admin/upgrade-requests'>['status'], limit: 50 } } }),
  );
  const { open, reload: reloadCount } = useOpenUpgradeCount(true);
  const [note, setNote] = useState<string | null>(null);
  return (
    <AdminFrame title={upgradesTexts.upgrades.title}>
      <div class="field field-inline">
        <label for="upgrade-status">{upgradesTexts.upgrades.filter}</label>
        <select id="upgrade-status" value={status} onChange={(e) => navigate(`/app/admin/upgrades?status=${e.currentTarget.value}`, { replace: true })}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {upgradesTexts.upgrades.statuses[s]}
              {s === 'open' && open !== null ? ` (${open})` : ''}
            </option>
          ))}
        </select>
      </div>
      {note && (
        <p class="notice notice-success" role="status">
          {note}
        </p>
      )}
      <Load resource={list.resource} onRetry={list.reload}>
        {(items) =>
          items.length === 0 ? (
            <Empty title={upgradesTexts.upgrades.emptyTitle}>
              <p>{upgradesTexts.upgrades.emptyText}</p>
            </Empty>
          ) : (
            <ul class="card-list">
              {items.map((r) => (
                <RequestCard
                  key={r.id}
                  request={r}
                  onDone={(text) => {
                    setNote(text);
                    list.reload();
                    reloadCount();
                  }}
                />
              ))}
            </ul>
          )
        }
      </Load>
      <MoreButton list={list} />
    </AdminFrame>
  );
}
