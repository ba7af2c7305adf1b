import { ErrorNotice } from './states.js';
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { t } from '../core/texts.js';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ComponentChildren;
  confirmLabel: string;
  /** Default „Abbrechen“. */
  cancelLabel?: string;
  /** 'danger' (default) for deletions, 'primary' for a consent. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, Escape cancels, and focus returns to
 * the button that opened it. The first input, or else the safe
 * choice (cancel), gets the focus first.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = t.cancel,
  tone = 'danger',
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Several dialogs can be on a page at once (one per delete button that was asked): each names its own title.
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      // A field to fill in (the password) comes first; otherwise the safe choice.
      (dialog.querySelector<HTMLElement>('input, textarea, select') ?? cancelRef.current)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      (opener.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {/* No <form> here: the dialog may sit inside another form (the entry editor), and forms must not nest. */}
      <div class="dialog-body">
        <h2 id={titleId}>{title}</h2>
        {children}
        <ErrorNotice text={error} />
        <div class="actions">
          <button type="button" class="button button-secondary" ref={cancelRef} onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            class={tone === 'danger' ? 'button button-danger' : 'button'}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy ? 'true' : undefined}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
