import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../core/api.js';
import { navigate } from '../../core/router.js';
import { ConfirmDelete, useConfirmDelete } from '../confirm-delete.js';
import { PhotoUpload } from '../photo-upload.js';
import { mapTx } from './texts.js';

/** What every map item's detail screen shares: its photo, a report to the moderators, deleting one's own. */

interface Item {
  id: number;
  photo_url: string | null;
  mine: boolean;
}

/** The photo; its author adds, replaces or removes it. */
export function ItemPhoto({ path, item, alt, onChange }: { path: string; item: Item; alt: string; onChange: () => void }) {
  if (!item.mine) return item.photo_url ? <img class="item-photo" src={item.photo_url} alt={alt} /> : null;
  return (
    <>
      {item.photo_url && <img class="item-photo" src={item.photo_url} alt={alt} />}
      <PhotoUpload
        id={`photo-${path}-${item.id}`}
        title={mapTx.photo}
        currentUrl={item.photo_url}
        alt={alt}
        emptyText={mapTx.noPhoto}
        chooseLabel={item.photo_url ? mapTx.photoReplace : mapTx.photoAdd}
        removeLabel={mapTx.photoRemove}
        uploadPath={`/api/${path}/${item.id}/photo`}
        fieldName="file"
        uploadingText={mapTx.photoUploading}
        doneText={mapTx.photoDone}
        removedText={mapTx.photoRemoved}
        preview={false}
        onUploaded={onChange}
        onRemove={async () => {
          await api.del(`/api/${path}/${item.id}/photo`);
          onChange();
        }}
      />
    </>
  );
}

/** "Melden": a reason for the moderators; once sent, a thank-you instead of the form. */
export function ReportItem({ path, id }: { path: string; id: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<{ text: string; error: boolean } | null>(null);
  if (state && !state.error) return <p class="notice notice-success">{state.text}</p>;
  return (
    <div class="report-item">
      <button type="button" class="button button-ghost button-small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {mapTx.reportItem}
      </button>
      {open && (
        <form
          class="form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!reason.trim()) return setState({ text: mapTx.reportReasonMissing, error: true });
            try {
              await api.post(`/api/${path}/${id}/report`, { reason: reason.trim() });
              setState({ text: mapTx.reported, error: false });
            } catch (err) {
              setState({ text: errorMessage(err), error: true });
            }
          }}
        >
          <label class="field">
            <span>{mapTx.reportReason}</span>
            <textarea rows={3} maxLength={1000} value={reason} onInput={(e) => setReason((e.currentTarget as HTMLTextAreaElement).value)} />
          </label>
          {state?.error && (
            <p class="notice notice-error" role="alert">
              {state.text}
            </p>
          )}
          <button type="submit" class="button button-secondary button-small">
            {mapTx.reportSend}
          </button>
        </form>
      )}
    </div>
  );
}

/** Deleting one's own item, after asking; back to the map afterwards (`after`: the nearby map unless told). */
export function DeleteItem({ path, id, title, after = '/app/in-der-naehe' }: { path: string; id: number; title: string; after?: string }) {
  const deletion = useConfirmDelete<number>(
    (itemId) => api.del(`/api/${path}/${itemId}`),
    () => navigate(after),
  );
  return (
    <>
      <button type="button" class="button button-ghost button-small" onClick={() => deletion.ask(id)}>
        {mapTx.deleteItem}
      </button>
      <ConfirmDelete state={deletion} title={mapTx.deleteTitle(title)}>
        <p>{mapTx.deleteText}</p>
      </ConfirmDelete>
    </>
  );
}
