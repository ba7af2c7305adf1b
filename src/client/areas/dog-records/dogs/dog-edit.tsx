import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../../core/api.js';
import { showFlash } from '../../../core/flash.js';
import { clearResponses, offline } from '../../../core/offline-cache.js';
import { navigate } from '../../../core/router.js';
import { useStore } from '../../../core/store.js';
import { t } from '../../../core/texts.js';
import type { ScreenProps } from '../../../core/screen.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { PhotoUpload } from '../../../ui/photo-upload.js';
import { Load, useResource } from '../../../ui/states.js';
import { NotesPanel } from '../notes/index.js';
import { DogForm } from './dog-form.js';
import type { Dog } from './dogs-api.js';
import { tx } from './texts.js';

function DeleteDog({ dog }: { dog: Dog }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isOffline = useStore(offline);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.del(`/api/dogs/${dog.id}`);
      clearResponses('/api/');
      showFlash(tx.deleted(dog.name), '/app/hunde');
      navigate('/app/hunde', { replace: true });
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <section class="card card-danger" aria-labelledby="dog-danger-title">
      <h2 id="dog-danger-title">{tx.dangerTitle}</h2>
      <p>{tx.deleteText}</p>
      <button type="button" class="button button-danger" onClick={() => setOpen(true)} disabled={isOffline}>
        {tx.deleteButton}
      </button>
      <ConfirmDialog
        open={open}
        title={tx.deleteTitle(dog.name)}
        confirmLabel={tx.deleteConfirm}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <p>{tx.deleteText}</p>
      </ConfirmDialog>
    </section>
  );
}

export function DogEditScreen({ params }: ScreenProps) {
  const path = `/api/dogs/${encodeURIComponent(params.dogId ?? '')}`;
  const [dog, reload, mutate] = useResource<Dog>(path);
  const [saved, setSaved] = useState(false);
  const name = dog.status === 'ready' ? dog.data.name : '';
  return (
    <section class="page page-narrow">
      <h1>{name ? tx.editTitle(name) : tx.editFallback}</h1>
      <Load resource={dog} onRetry={reload}>
        {(data) => (
          <>
            <div class="card">
              <PhotoUpload
                id="dog-photo"
                title={tx.photo}
                currentUrl={data.photo_url}
                alt={tx.photoAlt(data.name)}
                emptyText={tx.photoNone}
                chooseLabel={tx.photoChoose}
                uploadPath={`${path}/photo`}
                fieldName="file"
                uploadingText={tx.photoUploading}
                doneText={tx.photoDone}
                onUploaded={(answer) => {
                  const url = (answer as { photo_url?: string } | null)?.photo_url;
                  if (url) mutate((d) => ({ ...d, photo_url: url }));
                  else reload();
                }}
              />
            </div>
            <DogForm
              dog={data}
              submitLabel={t.save}
              onSubmit={async (body) => {
                setSaved(false);
                const updated = await api.patch<Dog>(path, body);
                mutate(() => updated);
                setSaved(true);
              }}
            >
              {saved && (
                <p class="notice notice-success" role="status">
                  {tx.saved}
                </p>
              )}
            </DogForm>
            <p class="link-row">
              <a href={`/app/hunde/${data.id}`}>{tx.toProfile(data.name)}</a>
              <a href={`/app/tagebuch?hund=${data.id}`}>{tx.toDiary}</a>
              <a href={`/app/hunde/${data.id}/gesundheit`}>{tx.toHealth}</a>
              <a href={`/app/hunde/${data.id}/pflege`}>{tx.toCare}</a>
              <a href={`/app/hunde/${data.id}/training`}>{tx.toTraining}</a>
              {data.sex === 'female' && <a href={`/app/hunde/${data.id}/laeufigkeit`}>{tx.toHeat}</a>}
              <a href="/app/ausgaben">{tx.toExpenses}</a>
              <a href="/app/hunde">{tx.toList}</a>
            </p>
            <section class="card" aria-labelledby="h-dog-notes">
              <h2 id="h-dog-notes">{tx.notes}</h2>
              <NotesPanel parentType="dog" parentId={data.id} />
            </section>
            <DeleteDog dog={data} />
          </>
        )}
      </Load>
    </section>
  );
}
