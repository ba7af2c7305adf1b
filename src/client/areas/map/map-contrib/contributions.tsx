import { apiGet } from '../../../core/api.js';
import type { MapContribution } from '../../../api/types.js';
import { formatDate } from '../../../core/format.js';
import { Empty, Load, useResource } from '../../../ui/states.js';
import { mapContribTexts } from './texts.js';

function statusLine(c: MapContribution): string {
  const status = mapContribTexts.contribStatus[c.status] ?? c.status;
  if (c.status === 'rejected' && c.reason) return `${status} (${mapContribTexts.contribReason[c.reason] ?? c.reason})`;
  if (c.status === 'pending' && !c.venue_checked) return `${status} · ${mapContribTexts.contribUnchecked}`;
  if (c.status === 'pending' && c.confirmable_from) return `${status} · ${mapContribTexts.contribConfirmableFrom(formatDate(c.confirmable_from))}`;
  return status;
}

/** /app/karte/beitraege: the user's dog-welcome contributions and the way to the next Pro year (100 confirmed). */
export function ContributionsScreen() {
  const [resource, reload] = useResource(apiGet('/api/map-contrib', { params: { query: { limit: 200 } } }));
  return (
    <section class="page">
      <h1>{mapContribTexts.contribTitle}</h1>
      <p>{mapContribTexts.contribIntro}</p>
      <Load resource={resource} onRetry={reload}>
        {(data) => {
          const done = data.per_grant - data.to_next_grant;
          return (
            <>
              <div class="card">
                <label for="contrib-progress">{mapContribTexts.contribProgress(done, data.per_grant)}</label>
                <progress id="contrib-progress" class="progress" max={data.per_grant} value={done} />
                <p class="muted small">{mapContribTexts.contribCounts(data.counts)}</p>
                {data.pro_until && <p>{mapContribTexts.contribProUntil(formatDate(data.pro_until))}</p>}
              </div>
              {data.items.length === 0 ? (
                <Empty title={mapContribTexts.contribNone} icon="paw" />
              ) : (
                <ul class="contrib-list">
                  {data.items.map((c) => (
                    <li key={c.id}>
                      <strong>{c.venue_name ?? mapContribTexts.venueKinds[c.venue_kind]}</strong>{' '}
                      <span class="muted">· {mapContribTexts.venueKinds[c.venue_kind]}</span>
                      <br />
                      <span class={`status status-${c.status}`}>{statusLine(c)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </Load>
      <p>
        <a href="/app/karte">{mapContribTexts.mapTitle}</a>
      </p>
    </section>
  );
}
