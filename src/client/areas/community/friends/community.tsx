import { apiGet } from '../../../core/api.js';
import type { ConversationList, FriendRequests } from '../../../api/types.js';
import { useResource } from '../../../ui/states.js';
import { cx } from './texts.js';

/** /app/community: the way into friends, messages and the forum, with what is waiting. */
export function CommunityScreen() {
  // The badge needs the count only: one row of each side, and the totals.
  const [requests] = useResource(apiGet('/api/friends/requests', { params: { query: { limit: 1 } } }));
  const [conversations] = useResource(apiGet('/api/conversations'));
  const incoming = requests.status === 'ready' ? requests.data.incoming_total : 0;
  const unread = conversations.status === 'ready' ? conversations.data.unread_total : 0;
  return (
    <section class="page page-narrow community">
      <h1>{cx.title}</h1>
      <p>{cx.hubText}</p>
      <ul class="link-list hub-list">
        <li>
          <a href="/app/freunde">
            <strong>{cx.friends}</strong>
            {incoming > 0 && (
              <span class="count-badge" aria-label={`${incoming} ${cx.incoming}`}>
                {incoming}
              </span>
            )}
          </a>
        </li>
        <li>
          <a href="/app/nachrichten">
            <strong>{cx.messages}</strong>
            {unread > 0 && (
              <span class="count-badge" aria-label={cx.unread(unread)}>
                {unread}
              </span>
            )}
          </a>
        </li>
        <li>
          <a href="/app/in-der-naehe">
            <strong>{cx.nearby}</strong>
          </a>
        </li>
        <li>
          <a href="/app/forum">
            <strong>{cx.forum}</strong>
          </a>
        </li>
      </ul>
    </section>
  );
}
