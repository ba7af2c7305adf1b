import { useEffect, useState } from 'preact/hooks';
import type { Block, FriendList, FriendRequests, UserCard } from '../../../api/types.js';

type Friend = FriendList['items'][number];
type FriendRequest = FriendRequests['incoming'][number];
import { api, apiGet } from '../../../core/api.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { ErrorNotice, Load } from '../../../ui/states.js';
import { ReportForm } from '../../../ui/report-form.js';
import { friendsTexts, userReportTexts } from './texts.js';
import { Blocked } from './blocked.js';
import { Person, useAction } from './person.js';

function Search({ onAsked }: { onAsked: () => void }) {
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<UserCard[] | null>(null);
  const [asked, setAsked] = useState<Set<number>>(new Set());
  const action = useAction(onAsked);
  useEffect(() => {
    if (q.trim().length < 2) return setHits(null);
    const timer = setTimeout(() => {
      api
        .GET('/api/users/search', { params: { query: { q: q.trim() } } })
        .then((r) => setHits(r.items))
        .catch(() => setHits([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);
  return (
    <section class="card" aria-labelledby="h-search">
      <h2 id="h-search">{friendsTexts.search}</h2>
      <label class="field">
        <span class="visually-hidden">{friendsTexts.search}</span>
        <input
          type="search"
          value={q}
          onInput={(e) => setQ((e.currentTarget as HTMLInputElement).value)}
          placeholder="Name"
          autoComplete="off"
          aria-describedby="search-hint"
        />
      </label>
      <p id="search-hint" class="muted small">
        {friendsTexts.searchHint}
      </p>
      {hits && hits.length === 0 && <p class="muted">{friendsTexts.noHits}</p>}
      {hits && hits.length > 0 && (
        <ul class="person-list">
          {hits.map((u) => (
            <Person key={u.id} user={u}>
              {asked.has(u.id) ? (
                <span class="muted">{friendsTexts.asked}</span>
              ) : (
                <button
                  type="button"
                  class="button button-small"
                  onClick={action.run(async () => {
                    await api.POST('/api/friends/requests', { body: { user_id: u.id } });
                    setAsked((s) => new Set(s).add(u.id));
                  })}
                  aria-label={`${friendsTexts.ask}: ${u.name}`}
                >
                  {friendsTexts.ask}
                </button>
              )}
            </Person>
          ))}
        </ul>
      )}
      <ErrorNotice text={action.error} />
    </section>
  );
}

function Confirmed({
  label,
  title,
  text,
  onConfirm,
  ariaLabel,
}: {
  label: string;
  title: string;
  text: string;
  onConfirm: () => Promise<void>;
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button type="button" class="button button-ghost button-small" onClick={() => setOpen(true)} aria-label={ariaLabel}>
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={label}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      >
        <p>{text}</p>
      </ConfirmDialog>
    </>
  );
}

/** /app/freunde: search, requests with badges, the friend list. */
export function FriendsScreen() {
  const incoming = usePagedList<FriendRequest>(apiGet('/api/friends/requests/incoming', { params: { query: { limit: 30 } } }));
  const outgoing = usePagedList<FriendRequest>(apiGet('/api/friends/requests/outgoing', { params: { query: { limit: 30 } } }));
  const reloadRequests = () => {
    incoming.reload();
    outgoing.reload();
  };
  const friends = usePagedList<Friend>(apiGet('/api/friends', { params: { query: { limit: 50 } } }));
  const reloadFriends = friends.reload;
  const blocks = usePagedList<Block>(apiGet('/api/users/blocks', { params: { query: { limit: 50 } } }));
  const reload = () => {
    reloadRequests();
    reloadFriends();
    blocks.reload();
  };
  const action = useAction(reload);
  return (
    <section class="page page-narrow community">
      <h1>{friendsTexts.friends}</h1>
      <Search onAsked={reloadRequests} />
      <Load resource={incoming.resource} onRetry={incoming.reload}>
        {(items) =>
          items.length > 0 && (
            <section class="card" aria-labelledby="h-incoming">
              <h2 id="h-incoming">
                {friendsTexts.incoming}{' '}
                <span class="count-badge">
                  {items.length}
                  {incoming.hasMore ? '+' : ''}
                </span>
              </h2>
              <ul class="person-list">
                {items.map((req) => (
                  <Person key={req.id} user={req.user}>
                    <button
                      type="button"
                      class="button button-small"
                      onClick={action.run(() => api.POST('/api/friends/requests/{id}/accept', { params: { path: { id: req.id } } }))}
                      aria-label={`${friendsTexts.accept}: ${req.user.name}`}
                    >
                      {friendsTexts.accept}
                    </button>
                    <button
                      type="button"
                      class="button button-ghost button-small"
                      onClick={action.run(() => api.DELETE('/api/friends/requests/{id}', { params: { path: { id: req.id } } }))}
                      aria-label={`${friendsTexts.decline}: ${req.user.name}`}
                    >
                      {friendsTexts.decline}
                    </button>
                    <Confirmed
                      label={friendsTexts.declineBlock}
                      ariaLabel={`${friendsTexts.declineBlock}: ${req.user.name}`}
                      title={`${friendsTexts.declineBlock}?`}
                      text={friendsTexts.declineBlockText(req.user.name)}
                      onConfirm={action.run(() => api.POST('/api/friends/requests/{id}/decline', { params: { path: { id: req.id } }, body: { block: true } }))}
                    />
                    <ReportForm
                      send={(body) => api.POST('/api/users/{id}/report', { params: { path: { id: req.user.id } }, body })}
                      label={userReportTexts.report}
                      what={req.user.name}
                    />
                  </Person>
                ))}
              </ul>
              <MoreButton list={incoming} auto />
            </section>
          )
        }
      </Load>
      <Load resource={outgoing.resource} onRetry={outgoing.reload}>
        {(items) =>
          items.length > 0 && (
            <section class="card" aria-labelledby="h-outgoing">
              <h2 id="h-outgoing">{friendsTexts.outgoing}</h2>
              <ul class="person-list">
                {items.map((req) => (
                  <Person key={req.id} user={req.user}>
                    <button
                      type="button"
                      class="button button-ghost button-small"
                      onClick={action.run(() => api.DELETE('/api/friends/requests/{id}', { params: { path: { id: req.id } } }))}
                      aria-label={`${friendsTexts.withdraw}: ${req.user.name}`}
                    >
                      {friendsTexts.withdraw}
                    </button>
                  </Person>
                ))}
              </ul>
              <MoreButton list={outgoing} auto />
            </section>
          )
        }
      </Load>
      <section class="card" aria-labelledby="h-friends">
        <h2 id="h-friends">{friendsTexts.yourFriends}</h2>
        <Load resource={friends.resource} onRetry={reloadFriends}>
          {(items) =>
            items.length === 0 ? (
              <p class="muted">{friendsTexts.noFriends}</p>
            ) : (
              <ul class="person-list">
                {items.map(({ user }) => (
                  <Person key={user.id} user={user}>
                    <a class="button button-small" href={`/app/nachrichten/${user.id}`} aria-label={`${friendsTexts.write}: ${user.name}`}>
                      {friendsTexts.write}
                    </a>
                    <Confirmed
                      label={friendsTexts.unfriend}
                      title={`${friendsTexts.unfriend}?`}
                      text={friendsTexts.unfriendText(user.name)}
                      onConfirm={action.run(() => api.DELETE('/api/friends/{userId}', { params: { path: { userId: user.id } } }))}
                    />
                    <Confirmed
                      label={friendsTexts.block}
                      title={`${friendsTexts.block}?`}
                      text={friendsTexts.blockText(user.name)}
                      onConfirm={action.run(() => api.POST('/api/users/{id}/block', { params: { path: { id: user.id } } }))}
                    />
                    <ReportForm
                      send={(body) => api.POST('/api/users/{id}/report', { params: { path: { id: user.id } }, body })}
                      label={userReportTexts.report}
                      what={user.name}
                    />
                  </Person>
                ))}
              </ul>
            )
          }
        </Load>
        <MoreButton list={friends} auto />
      </section>
      <Blocked list={blocks} />
      <ErrorNotice text={action.error} />
    </section>
  );
}
