import type { FoodAlert, FoodAlertList } from '../../../api/types.js';
import { formatDateTime, formatDay } from '../../../core/format.js';
import { Loading } from '../../../ui/states.js';
import { useFoodAlerts } from './food-alerts-api.js';
import { foodAlertsTexts } from './texts.js';

/** How many warnings the dashboard card shows; the rest are on /app/futterwarnungen. */
const CARD_COUNT = 3;

/** One warning: the title (a link to the source when it has one) and its day. */
export function AlertLine({ alert }: { alert: FoodAlert }) {
  return (
    <>
      {alert.url ? (
        <a href={alert.url} target="_blank" rel="noopener noreferrer">
          {alert.title}
        </a>
      ) : (
        <strong>{alert.title}</strong>
      )}{' '}
      <span class="muted small">· {formatDay(alert.published_at)}</span>
    </>
  );
}

/** The feed being away is no error of the user's: a friendly line with a retry instead of an error state. */
export function UnreachableNote({ onRetry }: { onRetry: () => void }) {
  return (
    <p class="muted food-alerts-away" role="status">
      {foodAlertsTexts.unreachable}{' '}
      <button type="button" class="button button-secondary button-small" onClick={onRetry}>
        {foodAlertsTexts.retry}
      </button>
    </p>
  );
}

/**
 * What the server says of the feed: nothing when the list is fresh; "Stand vom …" when it is the last list the feed
 * gave; "not reachable" when there is none, so an empty list is not read as "no warnings".
 */
export function FeedNote({ list }: { list: FoodAlertList }) {
  // An offline copy saved before the answer said anything of the feed has no status: it was a list, shown as such.
  if (list.status !== 'stale' && list.status !== 'unreachable') return null;
  return (
    <p class={`muted food-alerts-away food-alerts-${list.status}`} role="status">
      {list.status === 'stale' ? foodAlertsTexts.stale(formatDateTime(list.checked_at)) : foodAlertsTexts.feedAway}
    </p>
  );
}

/** The dashboard card: the newest pet-food warnings and a link to all of them. */
export function FoodAlertsCard() {
  const [alerts, reload] = useFoodAlerts();
  return (
    <section class="card food-alerts-card" aria-labelledby="food-alerts-title">
      <h2 id="food-alerts-title">{foodAlertsTexts.cardTitle}</h2>
      {alerts.status === 'loading' && <Loading />}
      {alerts.status === 'error' && <UnreachableNote onRetry={reload} />}
      {alerts.status === 'ready' && <FeedNote list={alerts.data} />}
      {alerts.status === 'ready' &&
        (alerts.data.items.length === 0 ? (
          alerts.data.status !== 'unreachable' && <p class="muted">{foodAlertsTexts.none}</p>
        ) : (
          <>
            <ul class="plain-list food-alerts">
              {alerts.data.items.slice(0, CARD_COUNT).map((a) => (
                <li key={`${a.published_at}-${a.title}`}>
                  <AlertLine alert={a} />
                </li>
              ))}
            </ul>
            <p class="link-row">
              <a href="/app/futterwarnungen">{foodAlertsTexts.all(alerts.data.items.length)}</a>
            </p>
          </>
        ))}
    </section>
  );
}
