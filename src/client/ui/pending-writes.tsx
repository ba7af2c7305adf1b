import { useEffect, useRef, useState } from 'preact/hooks';
import { deliveredWrites, discardWrite, pendingWrites, sendingWrite, sendQueue, type QueuedWrite, type WriteKind } from '../core/offline-queue.js';
import { writeAsText } from '../core/offline-write-text.js';
import { formatDateTime } from '../core/format.js';
import { useStore } from '../core/store.js';
import { t } from '../core/texts.js';
import { ConfirmDialog } from './confirm-dialog.js';

/** The offline queue as the user sees it: on the screens the writes belong to, and as a count in the header. */
export const queueTexts = {
  waiting: 'Wartet auf Verbindung: wird gesendet, sobald du online bist.',
  sending: 'Wird gesendet …',
  failed: (reason: string) => `Nicht gesendet: ${reason}`,
  savedAt: (when: string) => `gespeichert ${when}`,
  sendNow: 'Jetzt senden',
  sendAgain: 'Noch mal senden',
  discard: 'Verwerfen',
  discardTitle: 'Wirklich verwerfen?',
  discardText: 'Das wurde noch nicht gesendet. Wenn du es verwirfst, ist es weg.',
  copy: 'Text kopieren',
  copied: 'Kopiert.',
  copyFailed: 'Kopieren ging nicht. Markier den Text oben und kopier ihn selbst.',
  headerCount: (waiting: number, failed: number) =>
    [waiting ? (waiting === 1 ? '1 wartet' : `${waiting} warten`) : '', failed ? `${failed} nicht gesendet` : ''].filter(Boolean).join(' · '),
  headerLabel: (waiting: number, failed: number) =>
    [
      waiting ? `${waiting === 1 ? '1 Eintrag wartet' : `${waiting} Einträge warten`} auf Verbindung` : '',
      failed ? `${failed === 1 ? '1 Eintrag' : `${failed} Einträge`} nicht gesendet` : '',
    ]
      .filter(Boolean)
      .join(', '),
  queuedNotice: 'Ohne Verbindung gespeichert. Wir senden es, sobald du wieder online bist.',
  offlineHint: 'Ohne Verbindung speichern wir es hier und senden es später.',
  allTitle: 'Noch nicht gesendet',
  allHint: 'Das hast du ohne Verbindung gespeichert. Es geht automatisch raus, sobald du online bist.',
};

/** Calls `onDelivered` whenever a queued write reached the server (the screen then reloads its list). */
export function useDelivered(onDelivered: () => void): void {
  const count = useStore(deliveredWrites);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onDelivered();
  }, [count]);
}

function PendingItem({ write }: { write: QueuedWrite }) {
  const sending = useStore(sendingWrite) === write.id;
  const [confirm, setConfirm] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const failed = write.state === 'failed';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(writeAsText(write));
      setCopied(queueTexts.copied);
    } catch {
      setCopied(queueTexts.copyFailed);
    }
  };
  return (
    <li class={`pending-item${failed ? ' pending-failed' : ''}`} data-testid="pending-write">
      <p class="pending-label">
        <strong>{write.label}</strong>
        <span class="muted small pending-when">{queueTexts.savedAt(formatDateTime(write.createdAt))}</span>
      </p>
      <p class={failed ? 'pending-state notice notice-error' : 'pending-state'} role={failed ? 'alert' : undefined}>
        {sending ? queueTexts.sending : failed ? queueTexts.failed(write.reason ?? '') : queueTexts.waiting}
      </p>
      {/* What the user wrote, to select by hand too (a weight's label already says it all). */}
      {failed && writeAsText(write) !== write.label && <pre class="pending-text">{writeAsText(write)}</pre>}
      <div class="pending-actions">
        <button type="button" class="button button-small" disabled={sending} onClick={() => void sendQueue([write.id])}>
          {failed ? queueTexts.sendAgain : queueTexts.sendNow}
        </button>
        {failed && (
          <button type="button" class="button button-secondary button-small" onClick={() => void copy()}>
            {queueTexts.copy}
          </button>
        )}
        <button type="button" class="button button-ghost button-small" disabled={sending} onClick={() => setConfirm(true)}>
          {queueTexts.discard}
        </button>
      </div>
      {copied && (
        <p class="muted small" role="status">
          {copied}
        </p>
      )}
      <ConfirmDialog
        open={confirm}
        title={queueTexts.discardTitle}
        confirmLabel={queueTexts.discard}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void discardWrite(write.id);
        }}
      >
        <p>{write.label}</p>
        <p>{queueTexts.discardText}</p>
      </ConfirmDialog>
    </li>
  );
}

/**
 * The queued writes of one screen (kinds, and the dog when the screen has one), marked "Wartet auf Verbindung",
 * each with "Jetzt senden" and "Verwerfen"; a failed one says why and offers its text for copying.
 */
export function PendingWrites({ kinds, dogId, onDelivered }: { kinds: WriteKind[]; dogId?: number | null; onDelivered?: () => void }) {
  const all = useStore(pendingWrites);
  useDelivered(() => onDelivered?.());
  const mine = all.filter((w) => kinds.includes(w.kind) && (dogId === undefined || dogId === null || w.dogId === dogId));
  if (mine.length === 0) return null;
  return (
    <div class="pending-writes">
      <ul class="pending-list">
        {mine.map((w) => (
          <PendingItem key={w.id} write={w} />
        ))}
      </ul>
    </div>
  );
}

/** The count in the header; a tap opens every waiting write with "Jetzt senden". */
export function QueueBadge() {
  const all = useStore(pendingWrites);
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  if (all.length === 0) return null;
  const failed = all.filter((w) => w.state === 'failed').length;
  return (
    <>
      <button
        type="button"
        class={`queue-pill${failed ? ' queue-pill-failed' : ''}`}
        aria-label={queueTexts.headerLabel(all.length - failed, failed)}
        data-testid="queue-count"
        onClick={() => setOpen(true)}
      >
        {/* Phones show the icon and the number (no room beside the bell); wider screens the words. */}
        <span aria-hidden="true">⇅</span>
        <span class="queue-pill-number" aria-hidden="true">
          {all.length}
        </span>
        <span class="queue-pill-text" aria-hidden="true">
          {queueTexts.headerCount(all.length - failed, failed)}
        </span>
      </button>
      <dialog ref={ref} class="dialog queue-dialog" aria-labelledby="queue-title" onClose={() => setOpen(false)}>
        <div class="dialog-body">
          <h2 id="queue-title">{queueTexts.allTitle}</h2>
          <p class="muted small">{queueTexts.allHint}</p>
          {/* Only while open: the screens list the same writes, and each must exist once on the page. */}
          {open && (
            <ul class="pending-list">
              {all.map((w) => (
                <PendingItem key={w.id} write={w} />
              ))}
            </ul>
          )}
          <div class="actions">
            <button type="button" class="button button-secondary" onClick={() => setOpen(false)}>
              {t.close}
            </button>
            <button type="button" class="button" onClick={() => void sendQueue()}>
              {queueTexts.sendNow}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
