import { api } from '../../../core/api.js';
import { ConfirmDelete, useConfirmDelete } from '../../../ui/confirm-delete.js';
import type { Entry, MediaItem } from './diary-api.js';
import { diaryTexts } from './texts.js';

/** The photos already in an entry, each deletable (`DELETE /api/diary/media/{id}`) after a confirmation. */
export function ExistingPhotos({ entry, onChange }: { entry: Entry; onChange: (entry: Entry) => void }) {
  const deletion = useConfirmDelete(
    (m: MediaItem) => api.DELETE('/api/diary/media/{mediaId}', { params: { path: { mediaId: m.id } } }),
    (gone) => onChange({ ...entry, media: entry.media.filter((m) => m.id !== gone.id) }),
  );
  return (
    <fieldset class="photo-picker">
      <legend>{diaryTexts.editor.existing}</legend>
      <ul class="picked">
        {entry.media.map((m, i) => (
          <li key={m.id}>
            <img src={m.preview_url} alt={diaryTexts.editor.photoAlt(i + 1)} width={72} height={72} loading="lazy" />
            <span class="picked-name">{diaryTexts.editor.photoAlt(i + 1)}</span>
            <button
              type="button"
              class="button button-ghost button-small"
              onClick={() => deletion.ask(m)}
              aria-label={`${diaryTexts.editor.deletePhoto}: ${diaryTexts.editor.photoAlt(i + 1)}`}
            >
              {diaryTexts.editor.deletePhoto}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDelete state={deletion} title={diaryTexts.editor.deletePhotoTitle} confirmLabel={diaryTexts.editor.deletePhoto}>
        <p>{diaryTexts.editor.deletePhotoText}</p>
      </ConfirmDelete>
    </fieldset>
  );
}
