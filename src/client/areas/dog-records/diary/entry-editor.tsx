import { ErrorNotice } from '../../../ui/states.js';
import { useState } from 'preact/hooks';
import { api } from '../../../core/api.js';
import { showFlash } from '../../../core/flash.js';
import { todayInBerlin } from '../../../core/format.js';
import { clearResponses } from '../../../core/offline-cache.js';
import { navigate } from '../../../core/router.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import type { Dog } from '../dogs/dogs-api.js';
import { type Entry, parseTags, uploadPhotos } from './diary-api.js';
import { ExistingPhotos } from './existing-photos.js';
import { PhotoPicker } from './photo-picker.js';
import { tx } from './texts.js';

const MOOD_OPTIONS = [{ value: '', label: tx.moodNone }, ...Object.entries(tx.moods).map(([value, label]) => ({ value, label }))];

interface EntryEditorProps {
  dogs: Dog[];
  entry?: Entry;
  initialDogId?: number;
}

/**
 * Create or edit an entry with several photos: the entry is saved first, then the photos are uploaded with a
 * progress bar. If the upload fails, the entry stays saved and the missing photos can be sent again.
 */
export function EntryEditor({ dogs, entry, initialDogId }: EntryEditorProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [savedEntry, setSavedEntry] = useState<Entry | null>(entry ?? null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const form = useForm(
    {
      dog_id: String(entry?.dog_id ?? initialDogId ?? dogs[0]?.id ?? ''),
      date: entry?.date ?? todayInBerlin(),
      title: entry?.title ?? '',
      text: entry?.text ?? '',
      mood: entry?.mood ?? '',
      tags: entry?.tags.join(', ') ?? '',
    },
    {
      rules: {
        dog_id: { required: true },
        date: { required: true, check: (v) => (v > todayInBerlin() ? tx.editor.dateInFuture : null) },
        title: { maxLength: 200 },
        text: { maxLength: 10000 },
        tags: { check: (v) => (parseTags(v).length > 20 || parseTags(v).some((tag) => tag.length > 40) ? tx.editor.tagsInvalid : null) },
      },
    },
  );

  const finish = (saved: Entry, created: boolean) => {
    clearResponses('/api/');
    const target = `/app/tagebuch/eintrag/${saved.id}`;
    showFlash(created ? tx.editor.created : tx.editor.saved, target);
    navigate(target, { replace: true });
  };

  const sendPhotos = async (target: Entry, created: boolean) => {
    if (files.length === 0) return finish(target, created);
    setUploadError(null);
    setProgress(0);
    const result = await uploadPhotos(target.id, files, setProgress);
    setProgress(null);
    if (result.error) {
      setFiles(result.failed);
      setUploadError(tx.editor.uploadFailed(result.error.message));
      return;
    }
    finish(target, created);
  };

  const submit = form.onSubmit(async (values) => {
    const body = {
      date: values.date,
      title: values.title.trim() || null,
      text: values.text,
      mood: values.mood || null,
      tags: parseTags(values.tags),
    };
    const created = !savedEntry;
    const saved = savedEntry ? await api.patch<Entry>(`/api/diary/${savedEntry.id}`, body) : await api.post<Entry>(`/api/dogs/${values.dog_id}/diary`, body);
    setSavedEntry(saved);
    await sendPhotos(saved, created);
  });

  const busy = form.busy || progress !== null;
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      {!savedEntry && dogs.length > 1 && <Field form={form} name="dog_id" label={tx.dog} options={dogs.map((d) => ({ value: String(d.id), label: d.name }))} />}
      <div class="field-row">
        <Field form={form} name="date" label={tx.editor.date} type="date" max={todayInBerlin()} required />
        <Field form={form} name="mood" label={tx.mood} options={MOOD_OPTIONS} />
      </div>
      <Field form={form} name="title" label={tx.editor.title} maxLength={200} autoComplete="off" />
      <Field
        form={form}
        name="text"
        label={tx.editor.text}
        multiline
        rows={6}
        maxLength={10000}
        hint={`${form.values.text.length.toLocaleString('de-DE')} / 10.000 Zeichen`}
      />
      <Field form={form} name="tags" label={tx.editor.tags} hint={tx.editor.tagsHint} autoComplete="off" />
      {savedEntry && savedEntry.media.length > 0 && <ExistingPhotos entry={savedEntry} onChange={setSavedEntry} />}
      <PhotoPicker files={files} onChange={setFiles} disabled={busy} onReject={setPickError} />
      <ErrorNotice text={pickError} />
      {progress !== null && (
        <div class="progress-wrap">
          <label for="upload-progress">{tx.editor.uploading}</label>
          <progress id="upload-progress" max={100} value={Math.round(progress * 100)}>
            {Math.round(progress * 100)} %
          </progress>
          <span class="muted" aria-hidden="true">
            {Math.round(progress * 100)} %
          </span>
        </div>
      )}
      {uploadError && (
        <div class="notice notice-error" role="alert">
          <p>{uploadError}</p>
        </div>
      )}
      <SubmitButton busy={busy} offline={form.offline} busyLabel={progress !== null ? tx.editor.uploading : undefined}>
        {uploadError ? tx.editor.retryUpload : tx.editor.save}
      </SubmitButton>
    </form>
  );
}
