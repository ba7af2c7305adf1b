import { useState } from 'preact/hooks';
import type { UserCard } from '../../../api/types.js';
import { errorMessage } from '../../../core/api.js';

/** A person in the friends screen's lists, and the button action its rows share. */
function Avatar({ user }: { user: UserCard }) {
  return user.avatar_url ? (
    <img class="avatar-small" src={user.avatar_url} alt="" width={40} height={40} />
  ) : (
    <span class="avatar-small avatar-empty" aria-hidden="true" />
  );
}

export function Person({ user, children }: { user: UserCard; children?: preact.ComponentChildren }) {
  return (
    <li class="person">
      <Avatar user={user} />
      <span class="person-name">
        <strong>{user.name}</strong>
        {user.city && <span class="muted"> · {user.city}</span>}
      </span>
      <span class="person-actions">{children}</span>
    </li>
  );
}

/** Runs a request from a button, with its error under the list. */
export function useAction(onDone: () => void) {
  const [error, setError] = useState<string | null>(null);
  const run = (fn: () => Promise<unknown>) => async () => {
    setError(null);
    try {
      await fn();
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return { run, error };
}
