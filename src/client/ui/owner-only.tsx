import type { ComponentType } from 'preact';
import type { ScreenProps } from '../core/screen.js';
import { apiGet } from '../core/api.js';
import { session } from '../core/session.js';
import { useStore } from '../core/store.js';
import { Loading, useResource } from './states.js';

const OWNER_ONLY = 'Nur die Besitzerin/der Besitzer kann das ändern.';
const toProfile = (name: string) => `Zum Profil von ${name}`;

/**
 * A screen only the dog's owner may use (edit the dog, its emergency card, its family invitations): a caregiver who
 * opens it by its address gets a friendly line instead of a form that fails only on saving. The role is the one the
 * client knows (the dog's user_id against the session's user, as on the profile); the server decides all the same.
 * A dog that does not load (missing, offline without a copy) is left to the screen, which says why itself.
 */
export function ownerOnly(Screen: ComponentType<ScreenProps>): ComponentType<ScreenProps> {
  return function OwnerOnlyScreen(props: ScreenProps) {
    const dogId = Number(props.params.dogId);
    const [dog] = useResource(Number.isInteger(dogId) ? apiGet('/api/dogs/{dogId}', { params: { path: { dogId } } }) : null);
    const state = useStore(session);
    const me = state.status === 'user' ? state.user.id : null;
    if (dog.status === 'loading' && Number.isInteger(dogId)) return <Loading />;
    if (dog.status === 'ready' && dog.data.user_id !== me) {
      return (
        <section class="page page-narrow" data-guard="owner-only">
          <h1>{dog.data.name}</h1>
          <p class="notice notice-info" role="status">
            {OWNER_ONLY}
          </p>
          <p>
            <a href={`/app/hunde/${dog.data.id}`}>{toProfile(dog.data.name)}</a>
          </p>
        </section>
      );
    }
    return <Screen {...props} />;
  };
}
