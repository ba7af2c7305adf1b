import { apiGet } from '../../../core/api.js';
import { useResource } from '../../../ui/states.js';
import { friendsTexts } from './texts.js';

/** /app/community: the way into friends, messages and the forum, with what is waiting. */
export function CommunityScreen() {
  // The badge needs the count only: one row of each side, and the totals.
  const [requests] = useResource(apiGet('/api/friends/requests', { params: { query: { limit: 1 } } }));
  const [conversations] = useResource(apiGet('/api/conversations'));
  const incoming = requests.status === 'ready' ? requests.data.incoming_total : 0;
  const unread = conversations.status === 'ready' ? conversations.data.unread_total : 0;
  return (
    <section class="page page-narrow community">
      <h1>{friendsTexts.title}</h1>
      <p>{friendsTexts.hubText}</p>
      <ul class="link-list hub-list">
        <li>
          <a href="/app/freunde">
            <strong>{friendsTexts.friends}</strong>
            {incoming > 0 && (
              <span class="count-badge" aria-label={`${incoming} ${friendsTexts.incoming}`}>
                {incoming}
              </span>
            )}
          </a>
        </li>
        <li>
          <a href="/app/nachrichten">
            <strong>{friendsTexts.messages}</strong>
            {unread > 0 && (
              <span class="count-badge" aria-label={friendsTexts.unread(unread)}>
                {unread}
              </span>
            )}
          </a>
        </li>
        <li>
          <a href="/app/in-der-naehe">
            <strong>{friendsTexts.nearby}</strong>
          </a>
        </li>
        <li>
          <a href="/app/forum">
            <strong>{friendsTexts.forum}</strong>
          </a>
        </li>
      </ul>
    </section>
  );
}
