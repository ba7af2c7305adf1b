import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage, apiGet, apiHref } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { Load, useResource, OutcomeNotice, type Outcome } from '../../../ui/states.js';
import { accountsTexts } from './texts.js';

const dataExportTexts = accountsTexts.dataExport;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`;

/** "Deine Daten" in the profile: ask for the ZIP (once a day), watch it being built, download it for 7 days. */
export function ExportSection() {
  const [list, reload] = useResource(apiGet('/api/me/exports'));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome | null>(null);
  const pending = list.status === 'ready' && list.data.items.some((e) => e.status === 'queued' || e.status === 'running');
  // While one is being built, look again now and then (the job starts within a minute).
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, 5000);
    return () => clearInterval(timer);
  }, [pending]);
  const ask = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await api.POST('/api/me/exports');
      setMessage({ ok: true, text: dataExportTexts.asked });
      reload();
    } catch (e) {
      setMessage({ ok: false, text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card" id="export" aria-labelledby="export-title">
      <h2 id="export-title">{dataExportTexts.title}</h2>
      <p class="muted">{dataExportTexts.intro}</p>
      <button type="button" class="button button-secondary" onClick={() => void ask()} disabled={busy}>
        {busy ? dataExportTexts.asking : dataExportTexts.ask}
      </button>
      <OutcomeNotice outcome={message} />
      <Load resource={list} onRetry={reload}>
        {(data) =>
          data.items.length === 0 ? null : (
            <ul class="plain-list">
              {data.items.map((e) => (
                <li key={e.id}>
                  {formatDateTime(e.requested_at)}: {dataExportTexts.status[e.status]}
                  {e.status === 'ready' && e.size_bytes !== null && e.expires_at && (
                    <>
                      {' '}
                      <a href={apiHref('/api/me/exports/{id}/download', { params: { path: { id: e.id } } })} download>
                        {dataExportTexts.download(megabytes(e.size_bytes))}
                      </a>{' '}
                      <span class="muted">{dataExportTexts.until(formatDateTime(e.expires_at))}</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </Load>
    </section>
  );
}
