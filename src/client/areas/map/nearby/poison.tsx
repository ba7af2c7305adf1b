import { LIMITS } from '#shared/limits.js';
import type { BodyOf } from '../../../core/api.js';

/** What the form asks for; a new warning adds the pin. */
type PoisonFields = Pick<BodyOf<'/api/poison-warnings', 'post'>, 'kind' | 'description'>;
import { useState } from 'preact/hooks';
import type { PoisonWarning } from '../../../api/types.js';
import { api, errorMessage, apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { navigate } from '../../../core/router.js';
import { isStaff, session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { RichText } from '../../../ui/rich-text.js';
import { AuthorOnly } from '../../../ui/map/author-only.js';
import { ErrorNotice, Load, useResource } from '../../../ui/states.js';
import { DeleteItem, ItemPhoto, ReportItem } from '../../../ui/map/item-parts.js';
import { PinField, usePin } from '../../../ui/map/pin-field.js';
import { SpotMap } from '../../../ui/map/spot-map.js';
import { BackToNearby } from './back-link.js';
import { ReachNote } from './reach-note.js';
import { nearbyTexts } from './texts.js';

/** The warning's kind and description; a new one also needs the pin (a warning's place is where it was seen). */
function PoisonForm({
  initial,
  onSave,
}: {
  initial?: PoisonWarning;
  onSave: (fields: PoisonFields, pin: { lat: number; lon: number } | null) => Promise<void>;
}) {
  const p = usePin();
  const form = useForm(
    { kind: initial?.kind ?? 'poison', description: initial?.description ?? '' },
    { rules: { description: { required: true, maxLength: LIMITS.body } } },
  );
  const submit = form.onSubmit(async (v) => {
    const fields = { kind: v.kind as PoisonFields['kind'], description: v.description.trim() };
    if (initial) return onSave(fields, null);
    const pos = p.take(form);
    if (!pos) return;
    await onSave(fields, pos);
  });
  return (
    <form class="form card" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      <Field form={form} name="kind" label={nearbyTexts.kind} options={Object.entries(nearbyTexts.poisonKinds).map(([value, label]) => ({ value, label }))} />
      <Field form={form} name="description" label={nearbyTexts.description} multiline rows={4} required maxLength={LIMITS.body} />
      {initial ? <SpotMap at={initial} label={nearbyTexts.seenMap} /> : <PinField p={p} />}
      <SubmitButton busy={form.busy} offline={form.offline}>
        {initial ? nearbyTexts.saveChanges : nearbyTexts.send}
      </SubmitButton>
    </form>
  );
}

/** /app/giftkoeder/neu: a warning with the kind, a description and the pin (3 an hour; pushes to people within 5 km). */
export function PoisonReportScreen() {
  return (
    <section class="page page-narrow nearby">
      <h1>{nearbyTexts.report}</h1>
      <PoisonForm
        onSave={async (fields, pin) => {
          if (!pin) return;
          const made = await api.POST('/api/poison-warnings', { body: { ...fields, ...pin } });
          navigate(`/app/giftkoeder/${made.id}`);
        }}
      />
    </section>
  );
}

/** /app/giftkoeder/:id/bearbeiten: its author corrects the kind and the description (the place stays). */
export function PoisonEditScreen({ params }: ScreenProps) {
  const [warning, reload] = useResource(apiGet('/api/poison-warnings/{id}', { params: { path: { id: Number(params.id) } } }));
  return (
    <section class="page page-narrow nearby">
      <h1>{nearbyTexts.editPoison}</h1>
      <AuthorOnly resource={warning} onRetry={reload}>
        {(w) => (
          <PoisonForm
            initial={w}
            onSave={async (fields) => {
              await api.PATCH('/api/poison-warnings/{id}', { params: { path: { id: w.id } }, body: fields });
              navigate(`/app/giftkoeder/${w.id}`);
            }}
          />
        )}
      </AuthorOnly>
    </section>
  );
}

/**
 * "Teilen": the public page /giftkoeder/<id> (no account needed, no reporter on it) through the phone's share sheet,
 * else the link is copied. An archived warning's page is gone (410): nothing to share.
 */
function ShareWarning({ warning }: { warning: PoisonWarning }) {
  const [note, setNote] = useState<string | null>(null);
  if (warning.status === 'archived') return null;
  const url = `${location.origin}/giftkoeder/${warning.id}`;
  const share = async () => {
    setNote(null);
    if (navigator.share) {
      // A cancelled share sheet rejects: that is the user's choice, not an error.
      await navigator.share({ title: nearbyTexts.poisonKinds[warning.kind] ?? nearbyTexts.report, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setNote(nearbyTexts.shareCopied);
    } catch {
      setNote(nearbyTexts.shareManual(url));
    }
  };
  return (
    <>
      <button type="button" class="button button-secondary button-small" onClick={share}>
        {nearbyTexts.share}
      </button>
      <a class="button button-secondary button-small" href={`/giftkoeder/${warning.id}`} target="_blank" rel="noopener">
        {nearbyTexts.publicPage}
      </a>
      <span class="muted small" role="status">
        {note}
      </span>
    </>
  );
}

/** /app/giftkoeder/:id: the warning with its age and state; others confirm it. */
export function PoisonDetailScreen({ params }: ScreenProps) {
  const [warning, reload] = useResource(apiGet('/api/poison-warnings/{id}', { params: { path: { id: Number(params.id) } } }));
  const [error, setError] = useState<string | null>(null);
  const state = useStore(session);
  const staff = state.status === 'user' && isStaff(state.user);
  const act = (verdict: 'confirm' | 'false-alarm', id: number) => async () => {
    setError(null);
    try {
      await api.POST(`/api/poison-warnings/{id}/${verdict}`, { params: { path: { id } } });
      reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section class="page page-narrow nearby">
      <h1>{warning.status === 'ready' ? (nearbyTexts.poisonKinds[warning.data.kind] ?? nearbyTexts.report) : nearbyTexts.report}</h1>
      <Load resource={warning} onRetry={reload}>
        {(w) => (
          <article class={`card poison-card poison-${w.status}`}>
            <p>
              <span class="tag">{nearbyTexts.states[w.status]}</span>{' '}
              <span class="muted small">
                {nearbyTexts.ago(w.created_at)} · {formatDateTime(w.created_at)}
              </span>
            </p>
            {(w.mine || staff) && <ReachNote path="poison-warnings" id={w.id} />}
            <ItemPhoto path="poison-warnings" item={w} alt={nearbyTexts.poisonKinds[w.kind] ?? nearbyTexts.report} onChange={reload} />
            <RichText text={w.description} />
            <SpotMap at={w} label={nearbyTexts.seenMap} />
            <p class="muted small">{nearbyTexts.confirmed(w.confirmed_count)}</p>
            {!w.mine && (w.status === 'unconfirmed' || w.status === 'confirmed') && (
              <button type="button" class="button" onClick={act('confirm', w.id)}>
                {nearbyTexts.confirm}
              </button>
            )}
            <ErrorNotice text={error} />
            <p class="link-row">
              <ShareWarning warning={w} />
            </p>
            <p class="link-row">
              {w.mine && (
                <a class="button button-secondary button-small" href={`/app/giftkoeder/${w.id}/bearbeiten`}>
                  {nearbyTexts.edit}
                </a>
              )}
              {w.mine ? (
                <DeleteItem path="poison-warnings" id={w.id} title={nearbyTexts.poisonKinds[w.kind] ?? nearbyTexts.report} />
              ) : (
                <ReportItem path="poison-warnings" id={w.id} />
              )}
              {staff && w.status !== 'false_alarm' && w.status !== 'archived' && (
                <button type="button" class="button button-secondary button-small" onClick={act('false-alarm', w.id)}>
                  {nearbyTexts.falseAlarm}
                </button>
              )}
            </p>
          </article>
        )}
      </Load>
      <BackToNearby />
    </section>
  );
}
