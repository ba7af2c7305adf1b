import { useEffect, useState } from 'preact/hooks';
import { apiGet } from '../../../core/api.js';
import { takeSharedPhotos } from '../../../core/photos/shared-photos.js';
import type { ScreenProps } from '../../../core/screen.js';
import { t } from '../../../core/texts.js';
import { Load, useResource } from '../../../ui/states.js';
import { useDogsWithShared } from '../dogs/dogs-api.js';
import { EntryEditor } from './entry-editor.js';
import { NoDogsYet } from './diary-nav.js';
import { diaryTexts } from './texts.js';

export function EntryCreateScreen({ query }: ScreenProps) {
  const [dogs, reload] = useDogsWithShared();
  const wanted = Number(query.get('hund'));
  return (
    <section class="page page-narrow">
      <h1>{diaryTexts.editor.createTitle}</h1>
      <Load resource={dogs} onRetry={reload}>
        {(page) =>
          page.items.length === 0 ? (
            <NoDogsYet />
          ) : (
            <EntryEditor dogs={page.items} initialDogId={page.items.some((d) => d.id === wanted) ? wanted : undefined} />
          )
        }
      </Load>
      <p>
        <a href={`/app/tagebuch${query.get('hund') ? `?hund=${query.get('hund') ?? ''}` : ''}`}>{t.back}</a>
      </p>
    </section>
  );
}

/** Photos shared in from the gallery (the share target): a new entry with them, and the dog picker. */
export function SharedPhotosScreen() {
  const [files, setFiles] = useState<File[] | null>(null);
  useEffect(() => {
    takeSharedPhotos().then(setFiles, () => setFiles([]));
  }, []);
  const [dogs, reload] = useDogsWithShared();
  return (
    <section class="page page-narrow">
      <h1>{diaryTexts.share.title}</h1>
      {files !== null && (
        <Load resource={dogs} onRetry={reload}>
          {(page) =>
            page.items.length === 0 ? (
              <NoDogsYet />
            ) : (
              <>
                <p class={files.length ? 'muted' : 'notice notice-warning'}>
                  {files.length ? diaryTexts.share.intro(files.length, page.items.length > 1) : diaryTexts.share.none}
                </p>
                <EntryEditor dogs={page.items} initialFiles={files} />
              </>
            )
          }
        </Load>
      )}
      <p>
        <a href="/app/tagebuch">{t.back}</a>
      </p>
    </section>
  );
}

export function EntryEditScreen({ params }: ScreenProps) {
  const [entry, reload] = useResource(apiGet('/api/diary/{entryId}', { params: { path: { entryId: Number(params.entryId) } } }));
  const [dogs, reloadDogs] = useDogsWithShared();
  return (
    <section class="page page-narrow">
      <h1>{diaryTexts.editor.editTitle}</h1>
      <Load resource={entry} onRetry={reload}>
        {(data) => (
          <Load resource={dogs} onRetry={reloadDogs}>
            {(page) => <EntryEditor dogs={page.items} entry={data} />}
          </Load>
        )}
      </Load>
      <p>
        <a href={`/app/tagebuch/eintrag/${params.entryId ?? ''}`}>{t.back}</a>
      </p>
    </section>
  );
}
