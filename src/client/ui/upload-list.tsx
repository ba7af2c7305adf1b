import { useEffect, useMemo } from 'preact/hooks';
import { preparePhoto } from '../core/photos/photo-prep.js';
import { sendOriginals } from '../core/photos/photo-settings.js';
import { UploadQueue, type UploadItem, type UploadTask } from '../core/photos/upload-queue.js';
import { useStore, type Store } from '../core/store.js';

export const uploadTexts = {
  list: 'Uploads',
  waiting: 'Wartet …',
  uploading: (name: string) => `${name} wird hochgeladen`,
  done: 'Hochgeladen',
  cancelled: 'Abgebrochen',
  cancel: 'Abbrechen',
  cancelOf: (name: string) => `Hochladen von „${name}“ abbrechen`,
  retry: 'Noch mal',
  retryOf: (name: string) => `„${name}“ noch mal hochladen`,
};

/** One queue per screen; uploads still running are cancelled when the screen goes. */
export function useUploadQueue<T, Task extends UploadTask<T> = UploadTask<T>>(): UploadQueue<T, Task> {
  const queue = useMemo(() => new UploadQueue<T, Task>(), []);
  useEffect(() => () => queue.items.get().forEach((item) => queue.cancel(item.id)), [queue]);
  return queue;
}

type Send = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<unknown>;

/**
 * One file's upload at a time (a dog photo, an avatar, a health document): a photo is shrunk first (photo-prep.ts),
 * then `send` posts it, shown with its progress, cancel and retry in an UploadList of `queue`. `onDone` runs once it
 * is stored, also after a retry from its row.
 */
export function useSingleUpload(onDone: () => void): { queue: UploadQueue<unknown>; busy: boolean; start: (file: File, send: Send) => void } {
  const queue = useUploadQueue<unknown>();
  const uploads = useStore(queue.items);
  useEffect(() => {
    if (uploads.length !== 1 || uploads[0]?.state !== 'done') return;
    queue.clear();
    onDone();
  }, [uploads]);
  const start = (file: File, send: Send) => {
    queue.clear();
    void queue.add([{ name: file.name, run: async (onProgress, signal) => send((await preparePhoto(file, sendOriginals.get())).file, onProgress, signal) }]);
  };
  return { queue, busy: uploads.some((u) => u.state === 'waiting' || u.state === 'uploading'), start };
}

/** What the list needs of a queue, whatever its uploads answer. */
interface UploadControls {
  items: Store<UploadItem[]>;
  cancel(id: number): void;
  retry(id: number): Promise<void>;
}

function Row({ item, queue }: { item: UploadItem; queue: UploadControls }) {
  const percent = Math.round(item.progress * 100);
  const active = item.state === 'waiting' || item.state === 'uploading';
  return (
    <li class={`upload-item is-${item.state}`}>
      <span class="upload-name">{item.name}</span>
      {active && (
        <>
          <progress max={100} value={percent} aria-label={uploadTexts.uploading(item.name)} />
          <span class="upload-percent muted" aria-hidden="true">
            {item.state === 'waiting' ? uploadTexts.waiting : `${percent} %`}
          </span>
          <button type="button" class="button button-ghost button-small" onClick={() => queue.cancel(item.id)} aria-label={uploadTexts.cancelOf(item.name)}>
            {uploadTexts.cancel}
          </button>
        </>
      )}
      {item.state === 'done' && <span class="upload-status">✓ {uploadTexts.done}</span>}
      {item.state === 'cancelled' && <span class="upload-status muted">{uploadTexts.cancelled}</span>}
      {item.state === 'failed' && (
        <>
          <span class="upload-error" role="alert">
            {item.error?.message}
          </span>
          <button
            type="button"
            class="button button-secondary button-small"
            onClick={() => void queue.retry(item.id)}
            aria-label={uploadTexts.retryOf(item.name)}
          >
            {uploadTexts.retry}
          </button>
        </>
      )}
    </li>
  );
}

/** Each upload with its progress in percent, a cancel while it runs and a retry after it failed. */
export function UploadList({ queue, label }: { queue: UploadControls; label?: string }) {
  const items = useStore(queue.items);
  if (items.length === 0) return null;
  return (
    <ul class="upload-list" aria-label={label ?? uploadTexts.list}>
      {items.map((item) => (
        <Row key={item.id} item={item} queue={queue} />
      ))}
    </ul>
  );
}
