import { formatDay } from '../../../core/format.js';
import { Loading, StaleNotice } from '../../../ui/states.js';
import { FeedNote, UnreachableNote } from './food-alerts-card.js';
import { useFoodAlerts } from './food-alerts-api.js';
import { foodAlertsTexts } from './texts.js';

/** /app/futterwarnungen: every current pet-food warning, newest first, with product, reason and source link. */
export function FoodAlertsScreen() {
  const [alerts, reload] = useFoodAlerts();
  return (
    <section class="page">
      <h1>{foodAlertsTexts.title}</h1>
      <p class="muted">{foodAlertsTexts.intro}</p>
      {alerts.status === 'loading' && <Loading />}
      {alerts.status === 'error' && <UnreachableNote onRetry={reload} />}
      {alerts.status === 'ready' && (
        <>
          <StaleNotice savedAt={alerts.savedAt} />
          <FeedNote list={alerts.data} />
          {alerts.data.items.length === 0 ? (
            alerts.data.status !== 'unreachable' && <p class="muted">{foodAlertsTexts.none}</p>
          ) : (
            <ul class="card-list food-alert-list">
              {alerts.data.items.map((a) => (
                <li key={`${a.published_at}-${a.title}`} class="card">
                  <h2>{a.title}</h2>
                  <p class="muted small">{foodAlertsTexts.published(formatDay(a.published_at))}</p>
                  {(a.product || a.reason) && (
                    <dl class="facts">
                      {a.product && (
                        <>
                          <dt>{foodAlertsTexts.product}</dt>
                          <dd>{a.product}</dd>
                        </>
                      )}
                      {a.reason && (
                        <>
                          <dt>{foodAlertsTexts.reason}</dt>
                          <dd>{a.reason}</dd>
                        </>
                      )}
                    </dl>
                  )}
                  {a.url && (
                    <a href={a.url} target="_blank" rel="noopener noreferrer" aria-label={foodAlertsTexts.detailsOf(a.title)}>
                      {foodAlertsTexts.details}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p class="muted small">{foodAlertsTexts.source}</p>
      <p class="link-row">
        <a href="/app">{foodAlertsTexts.back}</a>
      </p>
    </section>
  );
}
