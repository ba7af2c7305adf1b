import { useState } from 'preact/hooks';
import { api, ApiError } from '../../../core/api.js';
import { clearResponses, offline } from '../../../core/offline-cache.js';
import { useStore } from '../../../core/store.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { tx } from './texts.js';

/** DELETE /api/me with the password, behind a confirmation dialog; afterwards the browser goes to the landing page. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isOffline = useStore(offline);

  const confirm = async () => {
    if (!password) {
      setError('Bitte gib dein Passwort ein.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.del('/api/me', { password });
      clearResponses();
      window.location.assign('/');
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.password ?? e.message) : String(e));
      setBusy(false);
    }
  };

  return (
    <section class="card card-danger" aria-labelledby="danger-title">
      <h2 id="danger-title">{tx.profile.danger}</h2>
      <p>{tx.profile.dangerText}</p>
      <button type="button" class="button button-danger" onClick={() => setOpen(true)} disabled={isOffline}>
        {tx.profile.deleteButton}
      </button>
      <ConfirmDialog
        open={open}
        title={tx.profile.deleteTitle}
        confirmLabel={tx.profile.deleteConfirm}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onCancel={() => {
          setOpen(false);
          setPassword('');
          setError(null);
        }}
      >
        <p>{tx.profile.deleteConfirmText}</p>
        <div class="field">
          <label for="delete-password">{tx.profile.deletePassword}</label>
          <input
            id="delete-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && void confirm()}
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}
