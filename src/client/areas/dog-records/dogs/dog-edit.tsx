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
import { dogsTexts } from './texts.js';

function DeleteDog({ dog }: { dog: Dog }) {
  const isOffline = useStore(offline);
  const deleted = () => {
    clearResponses();
    showFlash(dogsTexts.deleted(dog.name), '/app/hunde');
    navigate('/app/hunde', { replace: true });
  };
  return (
    <section class="card card-danger" aria-labelledby="dog-danger-title">
      <h2 id="dog-danger-title">{dogsTexts.dangerTitle}</h2>
      <p>{dogsTexts.deleteText}</p>
      <DeleteButton
        remove={() => api.DELETE('/api/dogs/{dogId}', { params: { path: { dogId: dog.id } } })}
        label={dogsTexts.deleteButton}
        title={dogsTexts.deleteTitle(dog.name)}
        confirmLabel={dogsTexts.deleteConfirm}
        buttonClass="button button-danger"
        disabled={isOffline}
        onDone={deleted}
      >
        <p>{dogsTexts.deleteText}</p>
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
      <h1>{name ? dogsTexts.editTitle(name) : dogsTexts.editFallback}</h1>
      {query.get('erster') === '1' && <InstallOffer />}
      <Load resource={dog} onRetry={reload}>
        {(data) => (
          <>
            <div class="card">
              <PhotoUpload
                id="dog-photo"
                title={dogsTexts.photo}
                currentUrl={data.photo_url}
                alt={dogsTexts.photoAlt(data.name)}
                emptyText={dogsTexts.photoNone}
                chooseLabel={dogsTexts.photoChoose}
                send={(form, onProgress, signal) => upload('/api/dogs/{dogId}/photo', { params: { path: { dogId } }, form, onProgress, signal })}
                fieldName="file"
                uploadingText={dogsTexts.photoUploading}
                doneText={dogsTexts.photoDone}
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
                  {dogsTexts.saved}
                </p>
              )}
            </DogForm>
            <p class="link-row">
              <a href={`/app/hunde/${data.id}`}>{dogsTexts.toProfile(data.name)}</a>
              <a href={`/app/tagebuch?hund=${data.id}`}>{dogsTexts.toDiary}</a>
              <a href={`/app/hunde/${data.id}/gesundheit`}>{dogsTexts.toHealth}</a>
              <a href={`/app/hunde/${data.id}/pflege`}>{dogsTexts.toCare}</a>
              <a href={`/app/hunde/${data.id}/training`}>{dogsTexts.toTraining}</a>
              {data.sex === 'female' && <a href={`/app/hunde/${data.id}/laeufigkeit`}>{dogsTexts.toHeat}</a>}
              <a href="/app/ausgaben">{dogsTexts.toExpenses}</a>
              <a href="/app/hunde">{dogsTexts.toList}</a>
            </p>
            <section class="card" aria-labelledby="h-dog-notes">
              <h2 id="h-dog-notes">{dogsTexts.notes}</h2>
              <NotesPanel parentType="dog" parentId={data.id} />
            </section>
            <DeleteDog dog={data} />
          </>
        )}
      </Load>
    </section>
  );
}
