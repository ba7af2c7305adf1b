import { LIMITS } from '#shared/limits.js';
import { useRef, useState } from 'preact/hooks';
import { apiGet, urlOf } from '../../../core/api.js';
import { upload } from '../../../core/upload.js';
import { UploadList, useSingleUpload } from '../../../ui/upload-list.js';
import { clearResponses } from '../../../core/offline-cache.js';
import { formatBytes, formatDate } from '../../../core/format.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { ItemList, Load } from '../../../ui/states.js';
import type { HealthDocument } from './health-api.js';
import { healthTexts } from './texts.js';

const MAX_BYTES = 15 * 1024 * 1024;
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,image/heic,image/heif';

/**
 * Health documents: the list (PDFs download, images open) and the upload, a photographed document shrunk first,
 * with its progress, cancel and retry.
 */
export function DocumentsSection({ dogId, canAdd }: { dogId: number; canAdd: boolean }) {
  const dogParams = { path: { dogId } };
  const list = usePagedList<HealthDocument>(apiGet('/api/dogs/{dogId}/health-documents', { params: { ...dogParams, query: { limit: 20 } } }));
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  // Stored, also after a retry from the upload's row.
  const single = useSingleUpload(() => {
    setMessage({ kind: 'success', text: healthTexts.uploaded });
    setTitle('');
    if (fileRef.current) fileRef.current.value = '';
    clearResponses(urlOf('/api/dogs/{dogId}/health-documents', { params: dogParams }));
    list.reload();
  });

  const submit = async (event: Event) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return setMessage({ kind: 'error', text: healthTexts.chooseFile });
    if (file.size > MAX_BYTES) return setMessage({ kind: 'error', text: healthTexts.fileTooBig });
    if (!title.trim()) return setMessage({ kind: 'error', text: `${healthTexts.fields.docTitle}: Bitte ausfüllen.` });
    const fields = { title: title.trim(), category };
    setMessage(null);
    single.start(file, (prepared, onProgress, signal) => {
      const form = new FormData();
      form.append('title', fields.title);
      if (fields.category) form.append('category', fields.category);
      form.append('file', prepared, prepared.name);
      return upload('/api/dogs/{dogId}/health-documents', { params: dogParams, form, onProgress, signal });
    });
  };

  return (
    <section class="card record-section" id="dokumente" aria-labelledby="h-dokumente">
      <h2 id="h-dokumente">{healthTexts.sections.documents}</h2>
      <Load resource={list.resource} onRetry={list.reload}>
        {(items) => (
          <ItemList items={items} empty={healthTexts.none} class="record-list">
            {(d) => (
              <li key={d.id}>
                <div>
                  <strong>{d.title}</strong>
                  <span class="muted">
                    {' '}
                    · {d.date ? formatDate(d.date) : formatDate(d.created_at.slice(0, 10))} · {formatBytes(d.bytes)}
                  </span>
                </div>
                <a
                  class="button button-ghost button-small"
                  href={d.url}
                  {...(d.mime_type === 'application/pdf' ? { download: '' } : { target: '_blank', rel: 'noopener' })}
                >
                  {d.mime_type === 'application/pdf' ? healthTexts.downloadDoc : healthTexts.openDoc}
                  <span class="visually-hidden">: {d.title}</span>
                </a>
              </li>
            )}
          </ItemList>
        )}
      </Load>
      <MoreButton list={list} />
      {canAdd && (
        <form class="form record-form" onSubmit={submit} noValidate aria-label={`${healthTexts.sections.documents}: ${healthTexts.upload}`}>
          {message && (
            <p class={`notice notice-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
              {message.text}
            </p>
          )}
          <div class="field">
            <label for="doc-title">{healthTexts.fields.docTitle}</label>
            <input
              id="doc-title"
              name="title"
              maxLength={LIMITS.title}
              value={title}
              onInput={(e) => setTitle((e.currentTarget as HTMLInputElement).value)}
              autoComplete="off"
            />
          </div>
          <div class="field">
            <label for="doc-category">{healthTexts.fields.docCategory}</label>
            <select id="doc-category" name="category" value={category} onChange={(e) => setCategory((e.currentTarget as HTMLSelectElement).value)}>
              {healthTexts.categoryOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="doc-file">{healthTexts.fields.docFile}</label>
            <input id="doc-file" name="file" type="file" accept={ACCEPT} ref={fileRef} />
          </div>
          <UploadList queue={single.queue} />
          <button type="submit" class="button" disabled={single.busy}>
            {healthTexts.upload}
          </button>
        </form>
      )}
    </section>
  );
}
