import { apiGet } from '../../../core/api.js';
import type { WalkWeatherAlert } from '../../../api/types.js';
import { formatDateTime } from '../../../core/format.js';
import { useResource } from '../../../ui/states.js';
import { wx } from './texts.js';

function AlertItem({ alert }: { alert: WalkWeatherAlert }) {
  return (
    <li class={`walk-weather-alert walk-weather-${alert.kind}`}>
      <strong>{alert.headline}</strong>
      <span class="muted small">
        {' '}
        · {wx.from(formatDateTime(alert.onset))}
        {alert.expires && `, ${wx.until(formatDateTime(alert.expires))}`}
      </span>
      <p class="walk-weather-hint">
        <span class="visually-hidden">{wx.forTheDog}: </span>
        {alert.hint}
      </p>
      {alert.description && (
        <details>
          <summary>{wx.details}</summary>
          <p>{alert.description}</p>
          {alert.instruction && <p>{alert.instruction}</p>}
        </details>
      )}
    </li>
  );
}

/**
 * The dashboard's warning card: shown while the DWD warns for the home area (with what it means for the dog), or when
 * the warnings could not be fetched at all; nothing when all is calm or no home area is set (the profile asks for it).
 */
export function WalkWeatherCard() {
  const [resource] = useResource(apiGet('/api/me/walk-weather'));
  if (resource.status !== 'ready') return null;
  const data = resource.data;
  if (data.alerts.length === 0) {
    if (data.status !== 'unreachable' || !data.home_area) return null;
    return (
      <section class="card walk-weather-card" aria-labelledby="walk-weather-title">
        <h2 id="walk-weather-title">{wx.awayTitle}</h2>
        <p class="muted" role="status">
          {wx.away}
        </p>
      </section>
    );
  }
  return (
    <section class="card card-danger walk-weather-card" aria-labelledby="walk-weather-title">
      <h2 id="walk-weather-title">{wx.title(data.place)}</h2>
      {data.status === 'stale' && (
        <p class="muted small" role="status">
          {wx.stale(formatDateTime(data.checked_at))}
        </p>
      )}
      <ul class="walk-weather-list">
        {data.alerts.map((a) => (
          <AlertItem key={a.id} alert={a} />
        ))}
      </ul>
      <p class="muted small">{wx.source}</p>
    </section>
  );
}
