import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import type { Note } from '../../../api/types.js';
import { api, errorMessage, apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { BusyButton, Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { Load } from '../../../ui/states.js';
import { useAiAction } from './ai-consent.js';
import { useAiStatus } from './ai-status.js';
import { notesTexts } from './texts.js';

export type NoteParent = 'dog' | 'diary_entry' | 'vet_visit' | 'heat_cycle' | 'care_routine' | 'expense' | 'training_session' | 'walk';

function Analysis({ note }: { note: Note }) {
  const a = note.analysis;
  if (!a) return null;
  return (
    <div class="note-analysis" aria-label={notesTexts.analysis}>
      <p>
        <strong>{notesTexts.analysis}:</strong> {a.summary}
      </p>
      {a.see_vet && <p class="notice notice-info">{notesTexts.seeVet}</p>}
      {a.observations.length > 0 && (
        <>
          <p class="muted">{notesTexts.observations}</p>
          <ul>
            {a.observations.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </>
      )}
      {a.suggestions.length > 0 && (
        <>
          <p class="muted">{notesTexts.suggestions}</p>
          <ul>
            {a.suggestions.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </>
      )}
      <p class="muted small">{notesTexts.aiHint}</p>
    </div>
  );
}

function NoteItem({ note, onChanged }: { note: Note; onChanged: () => void }) {
  const [ai, refreshAi] = useAiStatus();
  const analyse = useAiAction(async () => {
    await api.POST('/api/notes/{id}/analysis', { params: { path: { id: note.id } } });
    refreshAi();
    onChanged();
  });
  const [removeError, setRemoveError] = useState<string | null>(null);
  return (
    <li class="note">
      <p class="muted small">
        {note.rubrik} · {formatDateTime(note.created_at)}
      </p>
      <p class="note-text">{note.text}</p>
      <Analysis note={note} />
      <div class="record-actions">
        {ai?.available && (
          <BusyButton class="button button-secondary button-small" onClick={analyse.start} busy={analyse.busy} busyLabel={notesTexts.analysing}>
            {notesTexts.analyse}
          </BusyButton>
        )}
        <button
          type="button"
          class="button button-ghost button-small"
          onClick={async () => {
            try {
              await api.DELETE('/api/notes/{id}', { params: { path: { id: note.id } } });
              onChanged();
            } catch (e) {
              setRemoveError(errorMessage(e));
            }
          }}
        >
          {notesTexts.remove}
        </button>
      </div>
      {ai && !ai.premium && ai.available && ai.note_analyses_left !== null && <p class="muted small">{notesTexts.left(ai.note_analyses_left)}</p>}
      {(analyse.error ?? removeError) && (
        <p class="notice notice-error" role="alert">
          {analyse.error ?? removeError}
        </p>
      )}
      {analyse.dialog}
    </li>
  );
}

/** The notes on one record (any of the eight parent types), with adding and the AI analysis. */
export function NotesPanel({ parentType, parentId }: { parentType: NoteParent; parentId: number }) {
  const list = usePagedList<Note>(apiGet('/api/notes', { params: { query: { parent_type: parentType, parent_id: parentId, limit: 10 } } }));
  const id = `${parentType}-${parentId}`;
  const form = useForm(
    { [`${id}-rubrik`]: notesTexts.rubrikDefault, [`${id}-text`]: '' },
    { rules: { [`${id}-rubrik`]: { required: true, maxLength: 100 }, [`${id}-text`]: { required: true, maxLength: LIMITS.note } } },
  );
  const submit = form.onSubmit(async (values) => {
    await api.POST('/api/notes', {
      body: {
        parent_type: parentType,
        parent_id: parentId,
        rubrik: String(values[`${id}-rubrik`]).trim(),
        text: String(values[`${id}-text`]).trim(),
      },
    });
    form.setValues((v) => ({ ...v, [`${id}-text`]: '' }));
    list.reload();
  });
  return (
    <div class="notes-panel">
      <Load resource={list.resource} onRetry={list.reload}>
        {(items) => (
          <>
            {items.length === 0 ? (
              <p class="muted small">{notesTexts.none}</p>
            ) : (
              <ul class="note-list">
                {items.map((n) => (
                  <NoteItem key={n.id} note={n} onChanged={list.reload} />
                ))}
              </ul>
            )}
            <MoreButton list={list} />
          </>
        )}
      </Load>
      <form class="form note-form" ref={form.formRef} onSubmit={submit} noValidate aria-label={notesTexts.add}>
        <FormSummary message={form.summary} />
        <Field form={form} name={`${id}-rubrik`} label={notesTexts.rubrik} maxLength={100} required />
        <Field form={form} name={`${id}-text`} label={notesTexts.text} multiline rows={3} maxLength={LIMITS.note} required />
        <SubmitButton busy={form.busy} offline={form.offline} busyLabel={notesTexts.adding}>
          {notesTexts.add}
        </SubmitButton>
      </form>
    </div>
  );
}

/** A "Notizen" toggle under a record: the panel loads only when opened. */
export function NotesToggle({ parentType, parentId }: { parentType: NoteParent; parentId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="notes-toggle" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{notesTexts.notes}</summary>
      {open && <NotesPanel parentType={parentType} parentId={parentId} />}
    </details>
  );
}
