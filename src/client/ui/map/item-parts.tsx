import { send } from '../../core/api.js';
import type { DeletableKind, MapItemKind } from '../../core/api-types.js';
import { upload } from '../../core/upload.js';
import { navigate } from '../../core/router.js';
import { ConfirmDelete, useConfirmDelete } from '../confirm-delete.js';
import { PhotoUpload } from '../photo-upload.js';
import { ReportForm } from '../report-form.js';
import { mapItemTexts } from './texts.js';

/** What every map item's detail screen shares: its photo, a report to the moderators, deleting one's own. */

interface Item {
  id: number;
  photo_url: string | null;
  mine: boolean;
}

/** The photo; its author adds, replaces or removes it. */
export function ItemPhoto({ path, item, alt, onChange }: { path: MapItemKind; item: Item; alt: string; onChange: () => void }) {
  if (!item.mine) return item.photo_url ? <img class="item-photo" src={item.photo_url} alt={alt} /> : null;
  return (
    <>
      {item.photo_url && <img class="item-photo" src={item.photo_url} alt={alt} />}
      <PhotoUpload
        id={`photo-${path}-${item.id}`}
        title={mapItemTexts.photo}
        currentUrl={item.photo_url}
        alt={alt}
        emptyText={mapItemTexts.noPhoto}
        chooseLabel={item.photo_url ? mapItemTexts.photoReplace : mapItemTexts.photoAdd}
        removeLabel={mapItemTexts.photoRemove}
        send={(form, onProgress, signal) => upload(`/api/${path}/{id}/photo`, { params: { path: { id: item.id } }, form, onProgress, signal })}
        fieldName="file"
        uploadingText={mapItemTexts.photoUploading}
        doneText={mapItemTexts.photoDone}
        removedText={mapItemTexts.photoRemoved}
        preview={false}
        onUploaded={onChange}
        onRemove={async () => {
          await send('delete', `/api/${path}/{id}/photo`, { params: { path: { id: item.id } } });
          onChange();
        }}
      />
    </>
  );
}

const reportTexts = {
  reason: mapItemTexts.reportReason,
  reasonMissing: mapItemTexts.reportReasonMissing,
  send: mapItemTexts.reportSend,
  sent: mapItemTexts.reported,
};

/** "Melden" under a map item: the shared report form (ui/report-form.tsx) with the map's words. */
export function ReportItem({ path, id }: { path: MapItemKind; id: number }) {
  return (
    <ReportForm
      send={(body) => send('post', `/api/${path}/{id}/report`, { params: { path: { id } }, body })}
      label={mapItemTexts.reportItem}
      texts={reportTexts}
    />
  );
}

/** Deleting one's own item, after asking; back to the map afterwards (`after`: the nearby map unless told). */
export function DeleteItem({ path, id, title, after = '/app/in-der-naehe' }: { path: DeletableKind; id: number; title: string; after?: string }) {
  const deletion = useConfirmDelete<number>(
    (itemId) => send('delete', `/api/${path}/{id}`, { params: { path: { id: itemId } } }).then(() => undefined),
    () => navigate(after),
  );
  return (
    <>
      <button type="button" class="button button-ghost button-small" onClick={() => deletion.ask(id)}>
        {mapItemTexts.deleteItem}
      </button>
      <ConfirmDelete state={deletion} title={mapItemTexts.deleteTitle(title)}>
        <p>{mapItemTexts.deleteText}</p>
      </ConfirmDelete>
    </>
  );
}
