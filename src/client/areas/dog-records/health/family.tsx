import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import { session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { api, errorMessage, apiGet, apiHref } from '../../../core/api.js';
import { clearResponses } from '../../../core/offline-cache.js';
import { formatDate } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { ErrorNotice, ItemList, Load, useResource } from '../../../ui/states.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import type { Invitation, Member, SharedDog } from './health-api.js';
import { healthTexts } from './texts.js';

/** The family screen of a dog (/app/hunde/:dogId/familie): members and the invite form (owner only). */
export function FamilyScreen({ params }: ScreenProps) {
  const dogId = Number(params.dogId);
  const [dog] = useResource(Number.isInteger(dogId) ? apiGet('/api/dogs/{dogId}', { params: { path: { dogId } } }) : null);
  const [members, reload] = useResource(Number.isInteger(dogId) ? apiGet('/api/dogs/{dogId}/members', { params: { path: { dogId } } }) : null);
  const [done, setDone] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const name = dog.status === 'ready' ? dog.data.name : '';
  const form = useForm({ email: '' }, { rules: { email: { required: true, email: true, maxLength: LIMITS.email } }, codeFields: { already_invited: 'email' } });
  const submit = form.onSubmit(async (v) => {
    setDone(null);
    const m = await api.POST('/api/dogs/{dogId}/members', { params: { path: { dogId } }, body: { email: v.email.trim() } });
    form.set('email', '');
    setDone(healthTexts.invited(m.email));
    clearResponses(apiHref('/api/dogs/{dogId}/members', { params: { path: { dogId } } }));
    reload();
  });
  const remove = async (m: Member) => {
    setRemoveError(null);
    try {
      await api.DELETE('/api/dog-members/{id}', { params: { path: { id: m.id } } });
      clearResponses(apiHref('/api/dogs/{dogId}/members', { params: { path: { dogId } } }));
      reload();
    } catch (e) {
      setRemoveError(errorMessage(e));
    }
  };
  return (
    <section class="page page-narrow">
      <h1>{name ? healthTexts.familyTitle(name) : healthTexts.family}</h1>
      <p>{healthTexts.familyIntro}</p>
      <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-label={healthTexts.invite}>
        <FormSummary message={form.summary} />
        <Field form={form} name="email" label={healthTexts.inviteEmail} type="email" required maxLength={LIMITS.email} autoComplete="off" />
        {done && (
          <p class="notice notice-success" role="status">
            {done}
          </p>
        )}
        <SubmitButton busy={form.busy} offline={form.offline} busyLabel={healthTexts.inviting}>
          {healthTexts.invite}
        </SubmitButton>
      </form>
      <section class="card" aria-labelledby="h-members">
        <h2 id="h-members">{healthTexts.members}</h2>
        <ErrorNotice text={removeError} />
        <Load resource={members} onRetry={reload}>
          {(data) => (
            <ItemList items={data.items} empty={healthTexts.noMembers} class="record-list">
              {(m) => (
                <li key={m.id}>
                  <div>
                    <strong>{m.email}</strong>
                    <span class="muted">
                      {' '}
                      · {m.status === 'accepted' ? `${healthTexts.accepted} ${formatDate(m.accepted_at?.slice(0, 10))}` : healthTexts.pending}
                    </span>
                  </div>
                  <button type="button" class="button button-ghost button-small" onClick={() => void remove(m)}>
                    {healthTexts.removeMember}
                    <span class="visually-hidden">: {m.email}</span>
                  </button>
                </li>
              )}
            </ItemList>
          )}
        </Load>
      </section>
      <p class="link-row">
        <a href={`/app/hunde/${dogId}/gesundheit`}>{healthTexts.titleFallback}</a>
      </p>
    </section>
  );
}

/** /app/familie: invitations to me (accept, decline) and the dogs I look after. */
export function InvitationsScreen() {
  const invitations = usePagedList<Invitation>(apiGet('/api/dog-invitations', { params: { query: { limit: 30 } } }));
  const reloadInv = invitations.reload;
  const shared = usePagedList<SharedDog>(apiGet('/api/shared-dogs', { params: { query: { limit: 30 } } }));
  const reloadShared = shared.reload;
  const [error, setError] = useState<string | null>(null);
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      clearResponses();
      reloadInv();
      reloadShared();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const state = useStore(session);
  const unverified = state.status === 'user' && !state.user.email_verified;
  return (
    <section class="page page-narrow">
      <h1>{healthTexts.invitationsTitle}</h1>
      {/* Invitations are matched by a confirmed address only: say so instead of showing an empty list. */}
      {unverified && <p class="notice notice-warning">{healthTexts.confirmToSeeInvitations}</p>}
      <ErrorNotice text={error} />
      <section class="card" aria-labelledby="h-invitations">
        <h2 id="h-invitations">{healthTexts.invitations}</h2>
        <Load resource={invitations.resource} onRetry={reloadInv}>
          {(items) => {
            const open = items.filter((i) => i.status === 'pending');
            return (
              <ItemList items={open} empty={healthTexts.noInvitations} class="record-list">
                {(i) => (
                  <li key={i.id}>
                    <div>{healthTexts.invitationFor(i.dog_name, i.invited_by_name)}</div>
                    <div class="link-row">
                      <button
                        type="button"
                        class="button button-small"
                        onClick={() => void act(() => api.POST('/api/dog-invitations/{id}/accept', { params: { path: { id: i.id } } }))}
                      >
                        {healthTexts.accept}
                        <span class="visually-hidden">: {i.dog_name}</span>
                      </button>
                      <button
                        type="button"
                        class="button button-ghost button-small"
                        onClick={() => void act(() => api.DELETE('/api/dog-invitations/{id}', { params: { path: { id: i.id } } }))}
                      >
                        {healthTexts.decline}
                        <span class="visually-hidden">: {i.dog_name}</span>
                      </button>
                    </div>
                  </li>
                )}
              </ItemList>
            );
          }}
        </Load>
        <MoreButton list={invitations} auto />
      </section>
      <section class="card" aria-labelledby="h-shared">
        <h2 id="h-shared">{healthTexts.sharedDogs}</h2>
        <Load resource={shared.resource} onRetry={reloadShared}>
          {(items) => (
            <ItemList items={items} empty={healthTexts.noShared} class="record-list">
              {(d) => (
                <li key={d.id}>
                  <div>
                    <a href={`/app/hunde/${d.id}`}>{d.name}</a> <span class="muted small">{healthTexts.ownedBy(d.owner_name)}</span>
                  </div>
                </li>
              )}
            </ItemList>
          )}
        </Load>
        <MoreButton list={shared} auto />
      </section>
    </section>
  );
}
