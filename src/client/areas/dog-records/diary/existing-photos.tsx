import { api } from '../../../core/api.js';
import { ConfirmDelete, useConfirmDelete } from '../../../ui/confirm-delete.js';
import type { Entry, MediaItem } from './diary-api.js';
import { tx } from './texts.js';

/** The photos already in an entry, each deletable (`DELETE /api/diary/media/{id}`) after a confirmation. */
export function ExistingPhotos({ entry, onChange }: { entry: Entry; onChange: (entry: Entry) => void }) {
  const deletion = useConfirmDelete(
    (m: MediaItem) => api.DELETE('/api/diary/media/{mediaId}', { params: { path: { mediaId: m.id } } }),
    (gone) => onChange({ ...entry, media: entry.media.filter((m) => m.id !== gone.id) }),
  );
  return (
    <fieldset class="photo-picker">
      <legend>{tx.editor.existing}</legend>
      <ul class="picked">
        {entry.media.map((m, i) => (
          <li key={m.id}>
            <img src={m.preview_url} alt={tx.editor.photoAlt(i + 1)} width={72} height={72} loading="lazy" />
            <span class="picked-name">{tx.editor.photoAlt(i + 1)}</span>
            <button
              type="button"
              class="button button-ghost button-small"
              onClick={() => deletion.ask(m)}
              aria-label={`${tx.editor.deletePhoto}: ${tx.editor.photoAlt(i + 1)}`}
            >
              {tx.editor.deletePhoto}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDelete state={deletion} title={tx.editor.deletePhotoTitle} confirmLabel={tx.editor.deletePhoto}>
        <p>{tx.editor.deletePhotoText}</p>
      </ConfirmDelete>
    </fieldset>
  );
}
