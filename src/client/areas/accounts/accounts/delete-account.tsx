import { useState } from 'preact/hooks';
import { api, ApiError } from '../../../core/api.js';
import { clearResponses, offline } from '../../../core/offline-cache.js';
import { useStore } from '../../../core/store.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { accountsTexts } from './texts.js';

export const ACCOUNT_DELETED_PATH = '/app/konto-geloescht';

/** /app/konto-geloescht: the confirmation after deleting the account, and what happens now. */
export function AccountDeletedScreen() {
  return (
    <section class="page page-narrow">
      <h1>{accountsTexts.deleted.title}</h1>
      <p class="notice notice-success" role="status">
        {accountsTexts.deleted.done}
      </p>
      <ul>
        {accountsTexts.deleted.next.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p class="link-row">
        <a class="button button-secondary" href="/">
          {accountsTexts.deleted.toStart}
        </a>
      </p>
    </section>
  );
}

/**
 * DELETE /api/me with the password, behind a confirmation dialog; afterwards a full load of the page that says the
 * account is gone and what happens now (the session and every saved answer are gone with it).
 */
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
      await api.DELETE('/api/me', { body: { password } });
      clearResponses();
      window.location.assign(ACCOUNT_DELETED_PATH);
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.password ?? e.message) : String(e));
      setBusy(false);
    }
  };

  return (
    <section class="card card-danger" aria-labelledby="danger-title">
      <h2 id="danger-title">{accountsTexts.profile.danger}</h2>
      <p>{accountsTexts.profile.dangerText}</p>
      <button type="button" class="button button-danger" onClick={() => setOpen(true)} disabled={isOffline}>
        {accountsTexts.profile.deleteButton}
      </button>
      <ConfirmDialog
        open={open}
        title={accountsTexts.profile.deleteTitle}
        confirmLabel={accountsTexts.profile.deleteConfirm}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onCancel={() => {
          setOpen(false);
          setPassword('');
          setError(null);
        }}
      >
        <p>{accountsTexts.profile.deleteConfirmText}</p>
        <div class="field">
          <label for="delete-password">{accountsTexts.profile.deletePassword}</label>
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
