import { useEffect, useMemo, useState } from 'preact/hooks';
import { formatBytes } from '../../../core/format.js';
import { FilePicker } from '../../../ui/photo-upload.js';
import { MAX_BYTES_PER_REQUEST } from './diary-api.js';
import { diaryTexts } from './texts.js';

interface PhotoPickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled: boolean;
  onReject: (message: string | null) => void;
}

/** Local previews of the chosen photos (object URLs, released when no longer shown). */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/** Several photos for an entry: chosen, previewed and removable before they are uploaded with the entry. */
export function PhotoPicker({ files, onChange, disabled, onReject }: PhotoPickerProps) {
  const previews = usePreviews(files);
  const [broken, setBroken] = useState<Set<string>>(new Set());
  const add = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const chosen = [...(input.files ?? [])];
    input.value = '';
    const problems: string[] = [];
    const ok = chosen.filter((file) => {
      if (file.type && !file.type.startsWith('image/')) problems.push(diaryTexts.editor.notAnImage(file.name));
      else if (file.size > MAX_BYTES_PER_REQUEST) problems.push(diaryTexts.editor.fileTooBig(file.name));
      else return true;
      return false;
    });
    onReject(problems.length ? problems.join(' ') : null);
    if (ok.length) onChange([...files, ...ok]);
  };
  return (
    <fieldset class="photo-picker">
      <legend>{diaryTexts.editor.photos}</legend>
      <p class="hint" id="photos-hint">
        {diaryTexts.editor.photosHint}
      </p>
      <FilePicker id="entry-photos" label={diaryTexts.editor.choose} multiple disabled={disabled} onChange={add} />
      {files.length > 0 && (
        <>
          <p class="muted" aria-live="polite">
            {diaryTexts.editor.selected(files.length)}
          </p>
          <ul class="picked">
            {files.map((file, i) => (
              <li key={`${file.name}-${file.size}-${i}`}>
                {broken.has(previews[i] ?? '') ? (
                  <span class="picked-noimg" aria-hidden="true">
                    {file.name.split('.').pop()?.toUpperCase()}
                  </span>
                ) : (
                  <img src={previews[i]} alt="" width={72} height={72} onError={() => setBroken((prev) => new Set(prev).add(previews[i] ?? ''))} />
                )}
                <span class="picked-name">
                  {file.name}
                  <span class="muted"> · {formatBytes(file.size)}</span>
                </span>
                <button
                  type="button"
                  class="button button-ghost button-small"
                  disabled={disabled}
                  onClick={() => onChange(files.filter((_, j) => j !== i))}
                  aria-label={diaryTexts.editor.removeSelected(file.name)}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
