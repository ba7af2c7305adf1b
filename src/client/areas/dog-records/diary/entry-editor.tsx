import { LIMITS } from '#shared/limits.js';
import { ErrorNotice } from '../../../ui/states.js';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api } from '../../../core/api.js';
import { diaryPhotoForm, photoFields } from '../../../core/photos/photo-form.js';
import { photoPreparer } from '../../../core/photos/photo-prep.js';
import { sendOriginals } from '../../../core/photos/photo-settings.js';
import type { UploadTask } from '../../../core/photos/upload-queue.js';
import { upload } from '../../../core/upload.js';
import { useStore } from '../../../core/store.js';
import { UploadList, useUploadQueue } from '../../../ui/upload-list.js';
import { showFlash } from '../../../core/flash.js';
import { formatDate, todayInBerlin } from '../../../core/format.js';
import { clearResponses } from '../../../core/offline-cache.js';
import { queuePhotos, submitWrite } from '../../../core/offline-queue.js';
import { queueTexts } from '../../../ui/pending-writes.js';
import { navigate } from '../../../core/router.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import type { Dog } from '../dogs/dogs-api.js';
import { type Entry, type MediaItem, parseTags } from './diary-api.js';
import { ExistingPhotos } from './existing-photos.js';
import { PhotoPicker } from './photo-picker.js';
import { diaryTexts } from './texts.js';

const MOOD_OPTIONS = [{ value: '', label: diaryTexts.moodNone }, ...Object.entries(diaryTexts.moods).map(([value, label]) => ({ value, label }))];

interface EntryEditorProps {
  dogs: Dog[];
  entry?: Entry;
  initialDogId?: number;
  /** Photos that arrived with the screen (shared in from the gallery). */
  initialFiles?: File[];
}

/** One photo's upload: the file as picked (shrunk on the way, core/photos/photo-prep.ts). */
type PhotoTask = UploadTask<MediaItem[]> & { file: File };

/**
 * Create or edit an entry with several photos: the entry is saved first, then the photos are shrunk and uploaded,
 * two at a time, each with its progress, a cancel and a retry. A failed photo leaves the entry saved; without a
 * connection the shrunk photos wait in the offline queue.
 */
export function EntryEditor({ dogs, entry, initialDogId, initialFiles }: EntryEditorProps) {
  const [files, setFiles] = useState<File[]>(initialFiles ?? []);
  const prepare = useMemo(() => photoPreparer(() => sendOriginals.get()), []);
  // Shrinking starts as soon as photos are there, while the entry is still being written.
  useEffect(() => files.forEach((file) => void prepare(file)), [files]);
  const queue = useUploadQueue<MediaItem[], PhotoTask>();
  const uploads = useStore(queue.items);
  const [sending, setSending] = useState(false);
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

  const photoTask = (entryId: number, file: File): PhotoTask => ({
    file,
    name: file.name,
    run: async (onProgress, signal) => {
      const photo = await prepare(file);
      const form = diaryPhotoForm(photo.file, photo.file.name, photoFields(photo));
      return (await upload('/api/diary/{entryId}/media', { params: { path: { entryId } }, form, onProgress, signal })).items;
    },
  });

  /** After a round of uploads: done, or the offline queue takes the rest, or the screen shows what failed. */
  const afterUploads = async (target: Entry, created: boolean) => {
    const failed = queue.failedTasks();
    if (failed.length === 0) return finish(target, created);
    if (queue.failed().every((item) => item.error?.isOffline)) {
      // The entry is there; its photos, shrunk, wait in the offline queue instead of being lost with the page.
      const photos = await Promise.all(failed.map((task) => prepare(task.file)));
      await queuePhotos(target.id, target.dog_id, photos, diaryTexts.editor.queuedPhotosLabel(shortName(target.title, target.text), photos.length));
      return finish(target, created, diaryTexts.editor.photosQueued);
    }
    setUploadError(diaryTexts.editor.uploadFailed(failed.length));
  };

  const sendPhotos = async (target: Entry, created: boolean) => {
    setUploadError(null);
    setSending(true);
    const tasks = files.map((file) => photoTask(target.id, file));
    setFiles([]); // the upload list shows them from here on
    await queue.add(tasks);
    setSending(false);
    await afterUploads(target, created);
  };

  const retryFailed = async (target: Entry) => {
    setUploadError(null);
    setSending(true);
    await Promise.all(queue.failed().map((item) => queue.retry(item.id)));
    setSending(false);
    await afterUploads(target, !entry);
  };

  // A retry from a photo's own row: once nothing is left to send, the entry is done.
  useEffect(() => {
    if (!uploadError || !savedEntry || sending) return;
    if (uploads.every((item) => item.state === 'done' || item.state === 'cancelled')) finish(savedEntry, !entry);
  }, [uploads, uploadError, savedEntry, sending]);

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
        // Prepared (shrunk) only on this path: online, the uploads below wait for their own photo.
        photos: () => Promise.all(files.map(prepare)),
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
    if (uploadError) return retryFailed(saved);
    if (files.length === 0) return finish(saved, created);
    await sendPhotos(saved, created);
  });

  const busy = form.busy || sending;
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
      <UploadList queue={queue} />
      {uploadError && (
        <div class="notice notice-error" role="alert">
          <p>{uploadError}</p>
        </div>
      )}
      {!savedEntry && form.offline && <p class="hint">{queueTexts.offlineHint}</p>}
      <SubmitButton busy={busy} offline={savedEntry ? form.offline : false} busyLabel={sending ? diaryTexts.editor.uploading : undefined}>
        {uploadError ? diaryTexts.editor.retryUpload : diaryTexts.editor.save}
      </SubmitButton>
    </form>
  );
}
