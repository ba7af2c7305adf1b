import { LIMITS } from '#shared/limits.js';
import type { BodyOf } from '../../../core/api.js';
import { useStore } from '../../../core/store.js';
import { isStaff, session } from '../../../core/session.js';
import type { LostDog } from '../../../api/types.js';
import { api, apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { navigate } from '../../../core/router.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { useQrPng } from '../../../ui/qr-code.js';
import { RichText } from '../../../ui/rich-text.js';
import { AuthorOnly } from '../../../ui/map/author-only.js';
import { Load, useResource } from '../../../ui/states.js';
import { DeleteItem, ItemPhoto, ReportItem } from '../../../ui/map/item-parts.js';
import { PinField, usePin } from '../../../ui/map/pin-field.js';
import { SpotMap } from '../../../ui/map/spot-map.js';
import { ReachNote } from './reach-note.js';
import { PosterRegistry, ReportAtRegistry } from './registry-note.js';
import { nearbyTexts } from './texts.js';

/** A datetime-local value (local time) for an instant. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);

/** Name, description, when and where last seen, contact: a new report or its author's correction. */
function LostForm({ initial, onSave }: { initial?: LostDog; onSave: (body: BodyOf<'/api/lost-dogs', 'post'>) => Promise<void> }) {
  const p = usePin(initial ? { lat: initial.lat, lon: initial.lon } : null);
  const form = useForm(
    {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      last_seen: localInput(initial ? new Date(initial.last_seen_at) : new Date()),
      contact: initial?.contact ?? '',
    },
    {
      rules: {
        name: { required: true, maxLength: LIMITS.dogName },
        description: { required: true, maxLength: LIMITS.body },
        contact: { maxLength: LIMITS.title },
      },
    },
  );
  const submit = form.onSubmit(async (v) => {
    const pos = p.take(form);
    if (!pos) return;
    await onSave({
      lat: pos.lat,
      lon: pos.lon,
      name: v.name.trim(),
      description: v.description.trim(),
      last_seen_at: new Date(v.last_seen).toISOString(),
      contact: v.contact.trim() || null,
    });
  });
  return (
    <form class="form card" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      <Field form={form} name="name" label={nearbyTexts.dogName} required maxLength={LIMITS.dogName} />
      <Field form={form} name="description" label={nearbyTexts.description} multiline rows={4} required maxLength={LIMITS.body} />
      <label class="field">
        <span>{nearbyTexts.lastSeen}</span>
        <input type="datetime-local" value={form.values.last_seen} onInput={(e) => form.set('last_seen', (e.currentTarget as HTMLInputElement).value)} />
      </label>
      <Field form={form} name="contact" label={nearbyTexts.contact} maxLength={LIMITS.title} />
      <PinField p={p} />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {initial ? nearbyTexts.saveChanges : nearbyTexts.sendLost}
      </SubmitButton>
    </form>
  );
}

/** /app/vermisst/neu: a lost dog with where and when it was last seen (pushes to people within 10 km). */
export function LostReportScreen() {
  return (
    <section class="page page-narrow nearby">
      <h1>{nearbyTexts.reportLost}</h1>
      <LostForm
        onSave={async (body) => {
          const made = await api.POST('/api/lost-dogs', { body });
          navigate(`/app/vermisst/${made.id}`);
        }}
      />
    </section>
  );
}

/** /app/vermisst/:id/bearbeiten: its author corrects the report (a new sighting place, a phone number). */
export function LostEditScreen({ params }: ScreenProps) {
  const [dog, reload] = useResource(apiGet('/api/lost-dogs/{id}', { params: { path: { id: Number(params.id) } } }));
  return (
    <section class="page page-narrow nearby">
      <h1>{nearbyTexts.editLost}</h1>
      <AuthorOnly resource={dog} onRetry={reload}>
        {(d) => (
          <LostForm
            initial={d}
            onSave={async (body) => {
              await api.PATCH('/api/lost-dogs/{id}', { params: { path: { id: d.id } }, body });
              navigate(`/app/vermisst/${d.id}`);
            }}
          />
        )}
      </AuthorOnly>
    </section>
  );
}

/** /app/vermisst/:id: the report; its author marks the dog found or prints the poster. */
export function LostDetailScreen({ params }: ScreenProps) {
  const state = useStore(session);
  const staff = state.status === 'user' && isStaff(state.user);
  const [dog, reload] = useResource(apiGet('/api/lost-dogs/{id}', { params: { path: { id: Number(params.id) } } }));
  return (
    <section class="page page-narrow nearby">
      <h1>{dog.status === 'ready' ? `${dog.data.name}: ${nearbyTexts.lostStatus[dog.data.status]}` : nearbyTexts.reportLost}</h1>
      <Load resource={dog} onRetry={reload}>
        {(d) => (
          <article class="card">
            <p class="muted small">
              {nearbyTexts.lastSeen}: {formatDateTime(d.last_seen_at)}
            </p>
            {(d.mine || staff) && d.status === 'lost' && <ReachNote path="lost-dogs" id={d.id} />}
            {d.mine && d.status === 'lost' && <ReportAtRegistry dogId={d.dog_id} name={d.name} />}
            <ItemPhoto path="lost-dogs" item={d} alt={d.name} onChange={reload} />
            <RichText text={d.description} />
            <SpotMap at={d} label={nearbyTexts.lastSeenMap} />
            {d.contact && <p>{d.contact}</p>}
            <p class="link-row">
              <a href={`/app/vermisst/${d.id}/aushang`}>{nearbyTexts.poster}</a>
              {d.mine && d.status === 'lost' && (
                <button
                  type="button"
                  class="button"
                  onClick={async () => {
                    await api.PATCH('/api/lost-dogs/{id}', { params: { path: { id: d.id } }, body: { status: 'found' } });
                    reload();
                  }}
                >
                  {nearbyTexts.found}
                </button>
              )}
              {d.mine && (
                <a class="button button-secondary button-small" href={`/app/vermisst/${d.id}/bearbeiten`}>
                  {nearbyTexts.edit}
                </a>
              )}
              {d.mine ? <DeleteItem path="lost-dogs" id={d.id} title={d.name} /> : <ReportItem path="lost-dogs" id={d.id} />}
            </p>
          </article>
        )}
      </Load>
    </section>
  );
}

/** /app/vermisst/:id/aushang: a printable A4 poster with a QR code to the public page of the report. */
export function LostPosterScreen({ params }: ScreenProps) {
  const [dog, reload] = useResource(apiGet('/api/lost-dogs/{id}', { params: { path: { id: Number(params.id) } } }));
  const publicUrl = `${location.origin}/vermisst/${params.id}`;
  const qr = useQrPng(publicUrl, { width: 480, margin: 1 });
  return (
    <section class="page poster">
      <Load resource={dog} onRetry={reload}>
        {(d) => (
          <article class="poster-sheet">
            <p class="poster-title">{nearbyTexts.posterTitle}</p>
            <h1>{d.name}</h1>
            {d.photo_url && <img class="poster-photo" src={d.photo_url} alt={d.name} />}
            <RichText text={d.description} class="poster-text" />
            <p>
              {nearbyTexts.lastSeen}: {formatDateTime(d.last_seen_at)}
            </p>
            {d.contact && (
              <p class="poster-contact">
                {nearbyTexts.posterCall(d.name)} <strong>{d.contact}</strong>
              </p>
            )}
            {d.mine && <PosterRegistry dogId={d.dog_id} />}
            <p>{nearbyTexts.posterScan}</p>
            {qr && <img class="poster-qr" src={qr} alt={nearbyTexts.posterQrAlt(publicUrl)} width={240} height={240} />}
            <p class="poster-url">{publicUrl}</p>
            <button type="button" class="button no-print" onClick={() => window.print()}>
              {nearbyTexts.poster}
            </button>
          </article>
        )}
      </Load>
    </section>
  );
}
