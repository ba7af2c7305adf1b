import type { ComponentChildren } from 'preact';
import type { Dog } from '../api/types.js';
import { apiGet } from '../core/api.js';
import { session } from '../core/session.js';
import { useStore } from '../core/store.js';
import { Load, useResource } from './states.js';

const TO_DOG = 'Zum Hund';

/** The frame of a dog's record screen (heat, care, training): its name in the heading, the dog loaded once, owner or caregiver known. */
export function DogPage({
  dogId,
  title,
  fallback,
  className,
  children,
}: {
  dogId: number;
  title: (name: string) => string;
  fallback: string;
  className: string;
  children: (dog: Dog, owner: boolean) => ComponentChildren;
}) {
  const [dog, reload] = useResource(Number.isInteger(dogId) ? apiGet('/api/dogs/{dogId}', { params: { path: { dogId } } }) : null);
  const state = useStore(session);
  const me = state.status === 'user' ? state.user.id : null;
  return (
    <section class={`page page-narrow ${className}`}>
      <h1>{dog.status === 'ready' ? title(dog.data.name) : fallback}</h1>
      <Load resource={dog} onRetry={reload}>
        {(d) => (
          <>
            {d.user_id === me && (
              <nav class="link-row" aria-label={fallback}>
                <a href={`/app/hunde/${d.id}`}>{TO_DOG}</a>
              </nav>
            )}
            {children(d, d.user_id === me)}
          </>
        )}
      </Load>
    </section>
  );
}
