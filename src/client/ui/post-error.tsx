import { ApiError, errorMessage } from '../core/api.js';

const VERIFY_FIRST = 'Bestätige zuerst deine E-Mail-Adresse, dann kannst du schreiben.';
const VERIFY_LINK = 'Bestätigungsmail erneut senden (Profil)';

/** Under a form that posts (chat, forum): the error, and for an unconfirmed email the way to confirm it. */
export function PostError({ error }: { error: unknown }) {
  if (!error) return null;
  const unverified = error instanceof ApiError && error.code === 'email_not_verified';
  return (
    <div class="notice notice-error" role="alert">
      <p>{unverified ? VERIFY_FIRST : errorMessage(error)}</p>
      {unverified && <a href="/app/profil">{VERIFY_LINK}</a>}
    </div>
  );
}
