import type { Block } from '../../../api/types.js';
import { api } from '../../../core/api.js';
import { MoreButton, type usePagedList } from '../../../ui/paged-list.js';
import { ErrorNotice, ItemList, Load } from '../../../ui/states.js';
import { Person, useAction } from './person.js';
import { friendsTexts } from './texts.js';

/** Whom one blocked, with the way back: blocking is not a one-way street. */
export function Blocked({ list }: { list: ReturnType<typeof usePagedList<Block>> }) {
  const action = useAction(list.reload);
  return (
    <section class="card" aria-labelledby="h-blocked">
      <h2 id="h-blocked">{friendsTexts.blocked}</h2>
      <Load resource={list.resource} onRetry={list.reload}>
        {(items) => (
          <ItemList items={items} empty={friendsTexts.noBlocked} class="person-list">
            {({ user }) => (
              <Person key={user.id} user={user}>
                <button
                  type="button"
                  class="button button-secondary button-small"
                  onClick={action.run(() => api.DELETE('/api/users/{id}/block', { params: { path: { id: user.id } } }))}
                  aria-label={`${friendsTexts.unblock}: ${user.name}`}
                >
                  {friendsTexts.unblock}
                </button>
              </Person>
            )}
          </ItemList>
        )}
      </Load>
      <MoreButton list={list} />
      <ErrorNotice text={action.error} />
    </section>
  );
}
