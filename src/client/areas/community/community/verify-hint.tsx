import { ApiError } from '../../../core/api.js';
import { cx } from './texts.js';

/** Under a form: the error, and for an unconfirmed email the way to confirm it. */
export function PostError({ error }: { error: unknown }) {
  if (!error) return null;
  const unverified = error instanceof ApiError && error.code === 'email_not_verified';
  return (
    <div class="notice notice-error" role="alert">
      <p>{unverified ? cx.verifyFirst : error instanceof ApiError ? error.message : String(error)}</p>
      {unverified && <a href="/app/profil">{cx.verifyLink}</a>}
    </div>
  );
}
