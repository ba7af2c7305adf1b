import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../../core/api.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import type { Entry, MediaItem } from './diary-api.js';
import { tx } from './texts.js';

/** The photos already in an entry, each deletable (`DELETE /api/diary/media/{id}`) after a confirmation. */
export function ExistingPhotos({ entry, onChange }: { entry: Entry; onChange: (entry: Entry) => void }) {
  const [target, setTarget] = useState<MediaItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      await api.del(`/api/diary/media/${target.id}`);
      onChange({ ...entry, media: entry.media.filter((m) => m.id !== target.id) });
      setTarget(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
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
              onClick={() => setTarget(m)}
              aria-label={`${tx.editor.deletePhoto}: ${tx.editor.photoAlt(i + 1)}`}
            >
              {tx.editor.deletePhoto}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={target !== null}
        title={tx.editor.deletePhotoTitle}
        confirmLabel={tx.editor.deletePhoto}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
      >
        <p>{tx.editor.deletePhotoText}</p>
      </ConfirmDialog>
    </fieldset>
  );
}
