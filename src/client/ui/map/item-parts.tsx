import { api } from '../../core/api.js';
import { navigate } from '../../core/router.js';
import { ConfirmDelete, useConfirmDelete } from '../confirm-delete.js';
import { PhotoUpload } from '../photo-upload.js';
import { ReportForm } from '../report-form.js';
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

const reportTexts = { reason: mapTx.reportReason, reasonMissing: mapTx.reportReasonMissing, send: mapTx.reportSend, sent: mapTx.reported };

/** "Melden" under a map item: the shared report form (ui/report-form.tsx) with the map's words. */
export function ReportItem({ path, id }: { path: string; id: number }) {
  return <ReportForm url={`/api/${path}/${id}/report`} label={mapTx.reportItem} texts={reportTexts} />;
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
