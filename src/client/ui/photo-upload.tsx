import type { Ref } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { ApiError } from '../core/api.js';
import { offline } from '../core/offline-cache.js';
import { useStore } from '../core/store.js';
import { t } from '../core/texts.js';
import { UploadList, useSingleUpload } from './upload-list.js';

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif';

interface PhotoUploadProps {
  id: string;
  title: string;
  currentUrl: string | null;
  alt: string;
  emptyText: string;
  chooseLabel: string;
  removeLabel?: string;
  /** The typed upload: `(form, onProgress, signal) => upload('/api/me/avatar', { form, onProgress, signal })`. */
  send: (form: FormData, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<unknown>;
  fieldName: string;
  uploadingText: string;
  doneText: string;
  removedText?: string;
  onUploaded: (answer: unknown) => void | Promise<void>;
  onRemove?: () => Promise<void>;
  /** false when the screen shows the photo big already (a map item's card). */
  preview?: boolean;
}

interface FilePickerProps {
  id: string;
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  onChange: (event: Event) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A real file input (keyboard, screen readers and drag-and-drop keep working), visually replaced by its label
 * styled as a button; the focus ring moves to the label. The native control's text would follow the browser's
 * language instead of the app's.
 */
export function FilePicker({ id, label, multiple, disabled, onChange, inputRef }: FilePickerProps) {
  return (
    <span class={`file-picker${disabled ? ' is-disabled' : ''}`}>
      <input ref={inputRef} id={id} class="file-picker-input" type="file" accept={IMAGE_ACCEPT} multiple={multiple} onChange={onChange} disabled={disabled} />
      <label for={id} class="button button-secondary">
        {label}
      </label>
    </span>
  );
}

/**
 * One photo (avatar, dog photo, a map item's photo): preview, a real file input behind a visible label, and the
 * upload shrunk first (core/photos/photo-prep.ts) with its progress, cancel and retry (ui/upload-list.tsx).
 */
export function PhotoUpload(props: PhotoUploadProps) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const isOffline = useStore(offline);
  // Done, also after a retry from the upload's row: the list gives way to the success message.
  const single = useSingleUpload(() => setMessage({ text: props.doneText, error: false }));

  const onChange = () => {
    const file = inputRef.current?.files?.[0];
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    setMessage(null);
    single.start(file, async (photo, onProgress, signal) => {
      const form = new FormData();
      form.append(props.fieldName, photo, photo.name);
      const answer = await props.send(form, onProgress, signal);
      await props.onUploaded(answer);
      return answer;
    });
  };

  const remove = async () => {
    if (!props.onRemove) return;
    setMessage(null);
    try {
      await props.onRemove();
      setMessage({ text: props.removedText ?? '', error: false });
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : t.offlineAction, error: true });
    }
  };

  const busy = single.busy;
  return (
    <div class="photo-upload" aria-labelledby={`${props.id}-title`} role="group">
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      <div class="photo-upload-row">
        {props.preview === false ? null : props.currentUrl ? (
          <img class="photo-preview" src={props.currentUrl} alt={props.alt} width={96} height={96} />
        ) : (
          <p class="photo-preview photo-empty">{props.emptyText}</p>
        )}
        <div class="photo-actions">
          <FilePicker inputRef={inputRef} id={`${props.id}-input`} label={props.chooseLabel} onChange={onChange} disabled={busy || isOffline} />
          {props.onRemove && props.currentUrl && (
            <button type="button" class="button button-ghost" onClick={remove} disabled={busy || isOffline}>
              {props.removeLabel}
            </button>
          )}
        </div>
      </div>
      <UploadList queue={single.queue} label={props.uploadingText} />
      {message?.text && (
        <p class={`notice ${message.error ? 'notice-error' : 'notice-success'}`} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </div>
  );
}
