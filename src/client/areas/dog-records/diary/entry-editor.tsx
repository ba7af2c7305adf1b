import { LIMITS } from '#shared/limits.js';
import { ErrorNotice } from '../../../ui/states.js';
import { useState } from 'preact/hooks';
import { api } from '../../../core/api.js';
import { showFlash } from '../../../core/flash.js';
import { formatDate, todayInBerlin } from '../../../core/format.js';
import { clearResponses } from '../../../core/offline-cache.js';
import { queuePhotos, submitWrite } from '../../../core/offline-queue.js';
import { queueTexts } from '../../../ui/pending-writes.js';
import { navigate } from '../../../core/router.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import type { Dog } from '../dogs/dogs-api.js';
import { type Entry, parseTags, uploadPhotos } from './diary-api.js';
import { ExistingPhotos } from './existing-photos.js';
import { PhotoPicker } from './photo-picker.js';
import { diaryTexts } from './texts.js';

const MOOD_OPTIONS = [{ value: '', label: diaryTexts.moodNone }, ...Object.entries(diaryTexts.moods).map(([value, label]) => ({ value, label }))];

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
        date: { required: true, check: (v) => (v > todayInBerlin() ? diaryTexts.editor.dateInFuture : null) },
        title: { maxLength: LIMITS.title },
        text: { maxLength: LIMITS.body },
        tags: { check: (v) => (parseTags(v).length > 20 || parseTags(v).some((tag) => tag.length > 40) ? diaryTexts.editor.tagsInvalid : null) },
      },
    },
  );

  const finish = (saved: Entry, created: boolean, message?: string) => {
    clearResponses();
    const target = `/app/tagebuch/eintrag/${saved.id}`;
    showFlash(message ?? (created ? diaryTexts.editor.created : diaryTexts.editor.saved), target);
    navigate(target, { replace: true });
  };

  /** What the queue lists for this entry: its title or the start of its text. */
  const shortName = (title: string | null, text: string) =>
    title || (text.length > 40 ? `${text.slice(0, 40).trimEnd()} …` : text) || diaryTexts.editor.createTitle;

  const sendPhotos = async (target: Entry, created: boolean) => {
    if (files.length === 0) return finish(target, created);
    setUploadError(null);
    setProgress(0);
    const result = await uploadPhotos(target.id, files, setProgress);
    setProgress(null);
    if (result.error?.isOffline) {
      // The entry is there; its photos wait in the offline queue instead of being lost with the page.
      await queuePhotos(
        target.id,
        target.dog_id,
        result.failed,
        diaryTexts.editor.queuedPhotosLabel(shortName(target.title, target.text), result.failed.length),
      );
      return finish(target, created, diaryTexts.editor.photosQueued);
    }
    if (result.error) {
      setFiles(result.failed);
      setUploadError(diaryTexts.editor.uploadFailed(result.error.message));
      return;
    }
    finish(target, created);
  };

  const submit = form.onSubmit(async (values) => {
    const body = {
      date: values.date,
      title: values.title.trim() || null,
      text: values.text,
      mood: (values.mood || null) as Entry['mood'],
      tags: parseTags(values.tags),
    };
    const created = !savedEntry;
    let saved: Entry;
    if (savedEntry) saved = await api.PATCH('/api/diary/{entryId}', { params: { path: { entryId: savedEntry.id } }, body });
    else {
      // A new entry may be written without a connection: it waits in the offline queue, photos included.
      const result = await submitWrite({
        kind: 'diary',
        dogId: Number(values.dog_id),
        path: '/api/dogs/{dogId}/diary',
        init: { params: { path: { dogId: Number(values.dog_id) } }, body },
        label: diaryTexts.editor.queuedLabel(shortName(body.title, body.text), formatDate(body.date), files.length),
        photos: files,
      });
      if (result.queued) {
        // The flash belongs to the path; the dog filter is the query.
        showFlash(diaryTexts.editor.queued, '/app/tagebuch');
        navigate(`/app/tagebuch?hund=${values.dog_id}`, { replace: true });
        return;
      }
      saved = result.data;
    }
    setSavedEntry(saved);
    await sendPhotos(saved, created);
  });

  const busy = form.busy || progress !== null;
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      {!savedEntry && dogs.length > 1 && (
        <Field form={form} name="dog_id" label={diaryTexts.dog} options={dogs.map((d) => ({ value: String(d.id), label: d.name }))} />
      )}
      <div class="field-row">
        <Field form={form} name="date" label={diaryTexts.editor.date} type="date" max={todayInBerlin()} required />
        <Field form={form} name="mood" label={diaryTexts.mood} options={MOOD_OPTIONS} />
      </div>
      <Field form={form} name="title" label={diaryTexts.editor.title} maxLength={LIMITS.title} autoComplete="off" />
      <Field
        form={form}
        name="text"
        label={diaryTexts.editor.text}
        multiline
        rows={6}
        maxLength={LIMITS.body}
        hint={`${form.values.text.length.toLocaleString('de-DE')} / 10.000 Zeichen`}
      />
      <Field form={form} name="tags" label={diaryTexts.editor.tags} hint={diaryTexts.editor.tagsHint} autoComplete="off" />
      {savedEntry && savedEntry.media.length > 0 && <ExistingPhotos entry={savedEntry} onChange={setSavedEntry} />}
      <PhotoPicker files={files} onChange={setFiles} disabled={busy} onReject={setPickError} />
      <ErrorNotice text={pickError} />
      {progress !== null && (
        <div class="progress-wrap">
          <label for="upload-progress">{diaryTexts.editor.uploading}</label>
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
      {!savedEntry && form.offline && <p class="hint">{queueTexts.offlineHint}</p>}
      <SubmitButton busy={busy} offline={savedEntry ? form.offline : false} busyLabel={progress !== null ? diaryTexts.editor.uploading : undefined}>
        {uploadError ? diaryTexts.editor.retryUpload : diaryTexts.editor.save}
      </SubmitButton>
    </form>
  );
}
