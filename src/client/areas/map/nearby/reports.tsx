import { useState } from 'preact/hooks';
import { api, ApiError } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { navigate } from '../../../core/router.js';
import { isStaff, session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { useQrPng } from '../../../ui/qr-code.js';
import { RichText } from '../../../ui/rich-text.js';
import { Load, useResource } from '../../../ui/states.js';
import { DeleteItem, ItemPhoto, ReportItem } from './item-parts.js';
import { PinField, usePin } from './pin-field.js';
import { SpotMap } from './spot-map.js';
import { nx } from './texts.js';

/** The warning's kind and description; a new one also needs the pin (a warning's place is where it was seen). */
function PoisonForm({ initial, onSave }: { initial?: PoisonWarning; onSave: (body: Record<string, unknown>) => Promise<void> }) {
  const p = usePin();
  const form = useForm(
    { kind: initial?.kind ?? 'poison', description: initial?.description ?? '' },
    { rules: { description: { required: true, maxLength: 2000 } } },
  );
  const submit = form.onSubmit(async (v) => {
    const body: Record<string, unknown> = { kind: v.kind, description: v.description.trim() };
    if (!initial) {
      const pos = p.take(form);
      if (!pos) return;
      Object.assign(body, pos);
    }
    await onSave(body);
  });
  return (
    <form class="form card" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      <Field form={form} name="kind" label={nx.kind} options={Object.entries(nx.poisonKinds).map(([value, label]) => ({ value, label }))} />
      <Field form={form} name="description" label={nx.description} multiline rows={4} required maxLength={2000} />
      {initial ? <SpotMap at={initial} label={nx.seenMap} /> : <PinField p={p} />}
      <SubmitButton busy={form.busy} offline={form.offline}>
        {initial ? nx.saveChanges : nx.send}
      </SubmitButton>
    </form>
  );
}

/** /app/giftkoeder/neu: a warning with the kind, a description and the pin (3 an hour; pushes to people within 5 km). */
export function PoisonReportScreen() {
  return (
    <section class="page page-narrow nearby">
      <h1>{nx.report}</h1>
      <PoisonForm
        onSave={async (body) => {
          const made = await api.post<{ id: number }>('/api/poison-warnings', body);
          navigate(`/app/giftkoeder/${made.id}`);
        }}
      />
    </section>
  );
}

/** /app/giftkoeder/:id/bearbeiten: its author corrects the kind and the description (the place stays). */
export function PoisonEditScreen({ params }: ScreenProps) {
  const [warning, reload] = useResource<PoisonWarning>(`/api/poison-warnings/${params.id}`);
  return (
    <section class="page page-narrow nearby">
      <h1>{nx.editTitle(nx.report)}</h1>
      <Load resource={warning} onRetry={reload}>
        {(w) =>
          w.mine ? (
            <PoisonForm
              initial={w}
              onSave={async (body) => {
                await api.patch(`/api/poison-warnings/${w.id}`, body);
                navigate(`/app/giftkoeder/${w.id}`);
              }}
            />
          ) : (
            <p class="notice notice-error">{nx.notYours}</p>
          )
        }
      </Load>
    </section>
  );
}

interface PoisonWarning {
  id: number;
  lat: number;
  lon: number;
  kind: string;
  description: string;
  status: string;
  confirmed_count: number;
  created_at: string;
  last_activity_at: string;
  photo_url: string | null;
  mine: boolean;
}

/** /app/giftkoeder/:id: the warning with its age and state; others confirm it. */
export function PoisonDetailScreen({ params }: ScreenProps) {
  const [warning, reload] = useResource<PoisonWarning>(`/api/poison-warnings/${params.id}`);
  const [error, setError] = useState<string | null>(null);
  const state = useStore(session);
  const staff = state.status === 'user' && isStaff(state.user);
  const act = (path: string) => async () => {
    setError(null);
    try {
      await api.post(path);
      reload();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <section class="page page-narrow nearby">
      <h1>{warning.status === 'ready' ? (nx.poisonKinds[warning.data.kind] ?? nx.report) : nx.report}</h1>
      <Load resource={warning} onRetry={reload}>
        {(w) => (
          <article class={`card poison-card poison-${w.status}`}>
            <p>
              <span class="tag">{nx.states[w.status]}</span>{' '}
              <span class="muted small">
                {nx.ago(w.created_at)} · {formatDateTime(w.created_at)}
              </span>
            </p>
            <ItemPhoto path="poison-warnings" item={w} alt={nx.poisonKinds[w.kind] ?? nx.report} onChange={reload} />
            <RichText text={w.description} />
            <SpotMap at={w} label={nx.seenMap} />
            <p class="muted small">{nx.confirmed(w.confirmed_count)}</p>
            {!w.mine && (w.status === 'unconfirmed' || w.status === 'confirmed') && (
              <button type="button" class="button" onClick={act(`/api/poison-warnings/${w.id}/confirm`)}>
                {nx.confirm}
              </button>
            )}
            {error && (
              <p class="notice notice-error" role="alert">
                {error}
              </p>
            )}
            <p class="link-row">
              {w.mine && (
                <a class="button button-secondary button-small" href={`/app/giftkoeder/${w.id}/bearbeiten`}>
                  {nx.edit}
                </a>
              )}
              {w.mine ? (
                <DeleteItem path="poison-warnings" id={w.id} title={nx.poisonKinds[w.kind] ?? nx.report} />
              ) : (
                <ReportItem path="poison-warnings" id={w.id} />
              )}
              {staff && w.status !== 'false_alarm' && w.status !== 'archived' && (
                <button type="button" class="button button-secondary button-small" onClick={act(`/api/poison-warnings/${w.id}/false-alarm`)}>
                  {nx.falseAlarm}
                </button>
              )}
            </p>
          </article>
        )}
      </Load>
      <p class="link-row">
        <a href="/app/in-der-naehe">{nx.title}</a>
      </p>
    </section>
  );
}

/** A datetime-local value (local time) for an instant. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);

/** Name, description, when and where last seen, contact: a new report or its author's correction. */
function LostForm({ initial, onSave }: { initial?: LostDog; onSave: (body: Record<string, unknown>) => Promise<void> }) {
  const p = usePin(initial ? { lat: initial.lat, lon: initial.lon } : null);
  const form = useForm(
    {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      last_seen: localInput(initial ? new Date(initial.last_seen_at) : new Date()),
      contact: initial?.contact ?? '',
    },
    { rules: { name: { required: true, maxLength: 80 }, description: { required: true, maxLength: 2000 }, contact: { maxLength: 200 } } },
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
      <Field form={form} name="name" label={nx.dogName} required maxLength={80} />
      <Field form={form} name="description" label={nx.description} multiline rows={4} required maxLength={2000} />
      <label class="field">
        <span>{nx.lastSeen}</span>
        <input type="datetime-local" value={form.values.last_seen} onInput={(e) => form.set('last_seen', (e.currentTarget as HTMLInputElement).value)} />
      </label>
      <Field form={form} name="contact" label={nx.contact} maxLength={200} />
      <PinField p={p} />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {initial ? nx.saveChanges : nx.sendLost}
      </SubmitButton>
    </form>
  );
}

/** /app/vermisst/neu: a lost dog with where and when it was last seen (pushes to people within 10 km). */
export function LostReportScreen() {
  return (
    <section class="page page-narrow nearby">
      <h1>{nx.reportLost}</h1>
      <LostForm
        onSave={async (body) => {
          const made = await api.post<{ id: number }>('/api/lost-dogs', body);
          navigate(`/app/vermisst/${made.id}`);
        }}
      />
    </section>
  );
}

/** /app/vermisst/:id/bearbeiten: its author corrects the report (a new sighting place, a phone number). */
export function LostEditScreen({ params }: ScreenProps) {
  const [dog, reload] = useResource<LostDog>(`/api/lost-dogs/${params.id}`);
  return (
    <section class="page page-narrow nearby">
      <h1>{nx.editTitle(nx.reportLost)}</h1>
      <Load resource={dog} onRetry={reload}>
        {(d) =>
          d.mine ? (
            <LostForm
              initial={d}
              onSave={async (body) => {
                await api.patch(`/api/lost-dogs/${d.id}`, body);
                navigate(`/app/vermisst/${d.id}`);
              }}
            />
          ) : (
            <p class="notice notice-error">{nx.notYours}</p>
          )
        }
      </Load>
    </section>
  );
}

interface LostDog {
  id: number;
  lat: number;
  lon: number;
  name: string;
  description: string;
  last_seen_at: string;
  contact: string | null;
  status: string;
  photo_url: string | null;
  mine: boolean;
  created_at: string;
}

/** /app/vermisst/:id: the report; its author marks the dog found or prints the poster. */
export function LostDetailScreen({ params }: ScreenProps) {
  const [dog, reload] = useResource<LostDog>(`/api/lost-dogs/${params.id}`);
  return (
    <section class="page page-narrow nearby">
      <h1>{dog.status === 'ready' ? `${dog.data.name}: ${nx.lostStatus[dog.data.status]}` : nx.reportLost}</h1>
      <Load resource={dog} onRetry={reload}>
        {(d) => (
          <article class="card">
            <p class="muted small">
              {nx.lastSeen}: {formatDateTime(d.last_seen_at)}
            </p>
            <ItemPhoto path="lost-dogs" item={d} alt={d.name} onChange={reload} />
            <RichText text={d.description} />
            <SpotMap at={d} label={nx.lastSeenMap} />
            {d.contact && <p>{d.contact}</p>}
            <p class="link-row">
              <a href={`/app/vermisst/${d.id}/aushang`}>{nx.poster}</a>
              {d.mine && d.status === 'lost' && (
                <button
                  type="button"
                  class="button"
                  onClick={async () => {
                    await api.patch(`/api/lost-dogs/${d.id}`, { status: 'found' });
                    reload();
                  }}
                >
                  {nx.found}
                </button>
              )}
              {d.mine && (
                <a class="button button-secondary button-small" href={`/app/vermisst/${d.id}/bearbeiten`}>
                  {nx.edit}
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
  const [dog, reload] = useResource<LostDog>(`/api/lost-dogs/${params.id}`);
  const publicUrl = `${location.origin}/vermisst/${params.id}`;
  const qr = useQrPng(publicUrl, { width: 480, margin: 1 });
  return (
    <section class="page poster">
      <Load resource={dog} onRetry={reload}>
        {(d) => (
          <article class="poster-sheet">
            <p class="poster-title">{nx.posterTitle}</p>
            <h1>{d.name}</h1>
            {d.photo_url && <img class="poster-photo" src={d.photo_url} alt={d.name} />}
            <RichText text={d.description} class="poster-text" />
            <p>
              {nx.lastSeen}: {formatDateTime(d.last_seen_at)}
            </p>
            {d.contact && (
              <p class="poster-contact">
                {nx.posterCall(d.name)} <strong>{d.contact}</strong>
              </p>
            )}
            <p>{nx.posterScan}</p>
            {qr && <img class="poster-qr" src={qr} alt={nx.posterQrAlt(publicUrl)} width={240} height={240} />}
            <p class="poster-url">{publicUrl}</p>
            <button type="button" class="button no-print" onClick={() => window.print()}>
              {nx.poster}
            </button>
          </article>
        )}
      </Load>
    </section>
  );
}
