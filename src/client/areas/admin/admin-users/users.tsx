import { LIMITS } from '#shared/limits.js';
import type { BodyOf } from '../../../core/api.js';
import type { AdminUser } from '../../../api/types.js';
import { useState } from 'preact/hooks';
import { api, errorMessage, apiGet } from '../../../core/api.js';
import { navigate } from '../../../core/router.js';
import { session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { t } from '../../../core/texts.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Badges } from '../../../ui/badges.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { Empty, Load } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { adminUsersTexts } from './texts.js';

function useAction() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ text: await action(), error: false });
    } catch (e) {
      setMessage({ text: errorMessage(e), error: true });
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, run };
}

function UserCard({ user, isAdmin, onChange }: { user: AdminUser; isAdmin: boolean; onChange: (u: AdminUser) => void }) {
  const [status, setStatus] = useState(user.status);
  const [partner, setPartner] = useState(user.is_partner === 1);
  const [mode, setMode] = useState('now');
  const save = useAction();
  const grant = useAction();
  const id = `u${user.id}`;

  const submitStatus = (event: Event) => {
    event.preventDefault();
    void save.run(async () => {
      const body = { status, ...(isAdmin ? { is_partner: partner ? (1 as const) : (0 as const) } : {}) };
      onChange(await api.PATCH('/api/admin/users/{id}', { params: { path: { id: user.id } }, body }));
      return adminUsersTexts.users.saved(user.name);
    });
  };
  const submitGrant = (event: Event) => {
    event.preventDefault();
    void grant.run(async () => {
      const result = await api.POST('/api/admin/partner/users/{id}/grant', {
        params: { path: { id: user.id } },
        body: { mode: mode as BodyOf<'/api/admin/partner/users/{id}/grant', 'post'>['mode'] },
      });
      onChange({ ...user, ...result, badges: result.is_founder && !user.badges.includes('founder') ? [...user.badges, 'founder'] : user.badges });
      return adminUsersTexts.users.granted(user.name);
    });
  };

  return (
    <li class="card user-card" data-user-id={user.id}>
      <h2>{user.name}</h2>
      <p class="user-email" data-testid="user-email">
        {user.email}
      </p>
      <p class="muted">
        {adminUsersTexts.users.role}: {adminUsersTexts.users.roles[user.rolle] ?? user.rolle} · {adminUsersTexts.users.status}:{' '}
        {adminUsersTexts.users.statuses[user.status] ?? user.status}
        {user.is_founder
          ? ` · ${adminUsersTexts.users.founder} ${adminUsersTexts.users.founderNumber(user.founder_number)}`
          : user.is_founder_pending
            ? ` · ${adminUsersTexts.users.founder}: ${adminUsersTexts.users.founderPending}`
            : ''}
      </p>
      <Badges badges={user.badges} founderNumber={user.founder_number} />
      <form class="inline-form" onSubmit={submitStatus}>
        <div class="field">
          <label for={`${id}-status`}>{adminUsersTexts.users.statusLabel(user.name)}</label>
          <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.currentTarget.value as AdminUser['status'])}>
            {Object.entries(adminUsersTexts.users.statuses).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {isAdmin && (
          <div class="field field-check">
            <input id={`${id}-partner`} type="checkbox" checked={partner} onChange={(e) => setPartner(e.currentTarget.checked)} />
            <label for={`${id}-partner`}>{adminUsersTexts.users.partnerLabel(user.name)}</label>
          </div>
        )}
        <button type="submit" class="button button-small" disabled={save.busy}>
          {t.save}
        </button>
      </form>
      {save.message && (
        <p class={`notice ${save.message.error ? 'notice-error' : 'notice-success'}`} role={save.message.error ? 'alert' : 'status'}>
          {save.message.text}
        </p>
      )}
      {isAdmin && !user.is_founder && (
        <form class="inline-form" onSubmit={submitGrant}>
          <div class="field">
            <label for={`${id}-grant`}>{adminUsersTexts.users.grantLabel(user.name)}</label>
            <select id={`${id}-grant`} value={mode} onChange={(e) => setMode(e.currentTarget.value)}>
              {adminUsersTexts.users.grantModes.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" class="button button-secondary button-small" disabled={grant.busy}>
            {adminUsersTexts.users.grant}
          </button>
        </form>
      )}
      {grant.message && (
        <p class={`notice ${grant.message.error ? 'notice-error' : 'notice-success'}`} role={grant.message.error ? 'alert' : 'status'}>
          {grant.message.text}
        </p>
      )}
    </li>
  );
}

export function UsersScreen({ query }: ScreenProps) {
  const state = useStore(session);
  const isAdmin = state.status === 'user' && state.user.rolle === 'admin';
  const q = query.get('q')?.trim() ?? '';
  const [term, setTerm] = useState(q);
  const list = usePagedList<AdminUser>(q ? apiGet('/api/admin/users/search', { params: { query: { q, limit: 50 } } }) : null);
  const search = (event: Event) => {
    event.preventDefault();
    if (term.trim()) navigate(`/app/admin/nutzer?q=${encodeURIComponent(term.trim())}`, { replace: true });
  };
  return (
    <AdminFrame title={adminUsersTexts.users.title}>
      <form class="card search-form" role="search" onSubmit={search}>
        <div class="field">
          <label for="user-search">{isAdmin ? adminUsersTexts.users.search : adminUsersTexts.users.searchModerator}</label>
          <input
            id="user-search"
            type="search"
            value={term}
            onInput={(e) => setTerm(e.currentTarget.value)}
            maxLength={LIMITS.title}
            autoComplete="off"
            aria-describedby="user-search-hint"
          />
          <p id="user-search-hint" class="hint">
            {adminUsersTexts.users.searchHint}
          </p>
        </div>
        <button type="submit" class="button">
          {adminUsersTexts.users.searchButton}
        </button>
      </form>
      {!isAdmin && <p class="muted">{adminUsersTexts.users.masked}</p>}
      {!q ? (
        <p class="muted">{adminUsersTexts.users.start}</p>
      ) : (
        <Load resource={list.resource} onRetry={list.reload}>
          {(users) =>
            users.length === 0 ? (
              <Empty title={adminUsersTexts.users.noResults} />
            ) : (
              <ul class="card-list">
                {users.map((u) => (
                  <UserCard
                    key={u.id}
                    user={u}
                    isAdmin={isAdmin}
                    onChange={(changed) => list.mutate((page) => ({ ...page, items: page.items.map((x) => (x.id === changed.id ? { ...x, ...changed } : x)) }))}
                  />
                ))}
              </ul>
            )
          }
        </Load>
      )}
      <MoreButton list={list} />
    </AdminFrame>
  );
}
