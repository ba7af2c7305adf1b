import { useState } from 'preact/hooks';
import { errorMessage } from '../core/api.js';

/**
 * An async action behind a button or a dialog: `busy` while it runs, then the server's German message in `error`
 * when it failed (cleared when it runs again). `run` never throws; what follows a success goes inside `action`.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
