import { useState } from 'preact/hooks';
import { useBusyAction } from '../../../ui/busy-action.js';
import { errorMessage } from '../../../core/api.js';
import { session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { giveAiConsent } from './ai-status.js';
import { notesTexts } from './texts.js';

/**
 * Runs an AI action; without consent it first asks (a dialog that says what goes to the AI and what never does).
 * The consent is the session user's notes_ki_enabled, so one "Zustimmen" counts for every AI button on the screen.
 * `run` throws ApiError; its German message is shown.
 */
export function useAiAction(run: () => Promise<void>) {
  const state = useStore(session);
  const consent = state.status === 'user' && state.user.notes_ki_enabled === 1;
  const [asking, setAsking] = useState(false);
  const { busy, error, setError, run: runBusy } = useBusyAction();
  const go = () => runBusy(run);
  const start = () => (consent ? void go() : setAsking(true));
  const dialog = (
    <ConfirmDialog
      open={asking}
      title={notesTexts.consentTitle}
      confirmLabel={notesTexts.consentYes}
      cancelLabel={notesTexts.consentNo}
      tone="primary"
      busy={busy}
      error={null}
      onCancel={() => setAsking(false)}
      onConfirm={async () => {
        try {
          await giveAiConsent();
          setAsking(false);
          await go();
        } catch (e) {
          setAsking(false);
          setError(errorMessage(e));
        }
      }}
    >
      <p>{notesTexts.consentText}</p>
    </ConfirmDialog>
  );
  return { start, busy, error, dialog };
}
