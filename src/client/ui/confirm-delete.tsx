import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../core/texts.js';
import { useBusyAction } from './busy-action.js';
import { ConfirmDialog } from './confirm-dialog.js';

/**
 * Asking before something goes: which item is about to be deleted, busy while the request runs, the server's German
 * message when it fails (the dialog stays open then). `remove` does the request; `onDone` runs after it succeeded.
 */
export function useConfirmDelete<T>(remove: (item: T) => Promise<void>, onDone?: (item: T) => void) {
  const [target, setTarget] = useState<T | null>(null);
  const { busy, error, setError, run } = useBusyAction();
  const confirm = async () => {
    if (target === null) return;
    await run(async () => {
      await remove(target);
      setTarget(null);
      onDone?.(target);
    });
  };
  return {
    target,
    ask: (item: T) => {
      setError(null);
      setTarget(item);
    },
    dialog: { open: target !== null, busy, error, onConfirm: confirm, onCancel: () => setTarget(null) },
  };
}

export type ConfirmDeleteState<T> = ReturnType<typeof useConfirmDelete<T>>;

/** The delete confirmation on the native dialog (focus returns to the button that asked). */
export function ConfirmDelete<T>({
  state,
  title,
  confirmLabel = t.delete,
  tone,
  children,
}: {
  state: ConfirmDeleteState<T>;
  title: string;
  confirmLabel?: string;
  /** 'primary' when what goes is a restriction (lifting a block), not the user's data. */
  tone?: 'primary';
  children?: ComponentChildren;
}) {
  return (
    <ConfirmDialog {...state.dialog} title={title} confirmLabel={confirmLabel} tone={tone}>
      {children}
    </ConfirmDialog>
  );
}

/**
 * A delete button that asks first: on confirmation `remove` (the typed DELETE), then `onDone` (reload the list, or go elsewhere).
 * `children` is the dialog's text.
 */
export function DeleteButton({
  remove,
  label,
  title,
  confirmLabel,
  buttonClass = 'button button-ghost',
  ariaLabel,
  disabled,
  onDone,
  children,
}: {
  remove: () => Promise<unknown>;
  label: string;
  title: string;
  confirmLabel?: string;
  buttonClass?: string;
  ariaLabel?: string;
  disabled?: boolean;
  onDone: () => void;
  children?: ComponentChildren;
}) {
  const deletion = useConfirmDelete(() => remove().then(() => undefined), onDone);
  // The dialog is made on the first ask and then kept (closing hands the focus back): a list of 100 records with
  // a dialog each was a thousand hidden elements on every visit.
  const [asked, setAsked] = useState(false);
  return (
    <>
      <button
        type="button"
        class={buttonClass}
        onClick={() => {
          setAsked(true);
          deletion.ask(true);
        }}
        aria-label={ariaLabel}
        disabled={disabled}
      >
        {label}
      </button>
      {asked && (
        <ConfirmDelete state={deletion} title={title} confirmLabel={confirmLabel}>
          {children}
        </ConfirmDelete>
      )}
    </>
  );
}
