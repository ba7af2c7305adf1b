import { upload } from '../../../core/upload.js';
import { useState } from 'preact/hooks';
import { api, apiGet } from '../../../core/api.js';
import { showFlash } from '../../../core/flash.js';
import { clearResponses, offline } from '../../../core/offline-cache.js';
import { navigate } from '../../../core/router.js';
import { useStore } from '../../../core/store.js';
import { t } from '../../../core/texts.js';
import type { ScreenProps } from '../../../core/screen.js';
import { DeleteButton } from '../../../ui/confirm-delete.js';
import { InstallOffer } from '../../../ui/install-guide.js';
import { PhotoUpload } from '../../../ui/photo-upload.js';
import { Load, useResource } from '../../../ui/states.js';
import { NotesPanel } from '../notes/index.js';
import { DogForm } from './dog-form.js';
import type { Dog } from './dogs-api.js';
import { tx } from './texts.js';

function DeleteDog({ dog }: { dog: Dog }) {
  const isOffline = useStore(offline);
  const deleted = () => {
    clearResponses();
    showFlash(tx.deleted(dog.name), '/app/hunde');
    navigate('/app/hunde', { replace: true });
  };
  return (
    <section class="card card-danger" aria-labelledby="dog-danger-title">
      <h2 id="dog-danger-title">{tx.dangerTitle}</h2>
      <p>{tx.deleteText}</p>
      <DeleteButton
        remove={() => api.DELETE('/api/dogs/{dogId}', { params: { path: { dogId: dog.id } } })}
        label={tx.deleteButton}
        title={tx.deleteTitle(dog.name)}
        confirmLabel={tx.deleteConfirm}
        buttonClass="button button-danger"
        disabled={isOffline}
        onDone={deleted}
      >
        <p>{tx.deleteText}</p>
      </DeleteButton>
    </section>
  );
}

export function DogEditScreen({ params, query }: ScreenProps) {
  const dogId = Number(params.dogId);
  const [dog, reload, mutate] = useResource(apiGet('/api/dogs/{dogId}', { params: { path: { dogId } } }));
  const [saved, setSaved] = useState(false);
  const name = dog.status === 'ready' ? dog.data.name : '';
  return (
    <section class="page page-narrow">
      <h1>{name ? tx.editTitle(name) : tx.editFallback}</h1>
      {query.get('erster') === '1' && <InstallOffer />}
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
                send={(form, onProgress) => upload('/api/dogs/{dogId}/photo', { params: { path: { dogId } }, form, onProgress })}
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
                const updated = await api.PATCH('/api/dogs/{dogId}', { params: { path: { dogId } }, body });
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
