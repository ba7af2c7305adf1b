import { formatDate } from '../../../core/format.js';
import { Empty, Load, useResource } from '../../../ui/states.js';
import { nx } from './texts.js';

interface Contribution {
  id: number;
  osm_type: string;
  osm_id: number;
  venue_kind: string;
  venue_name: string | null;
  status: 'pending' | 'confirmed' | 'rejected';
  reason: string | null;
  confirmable_from: string | null;
}
interface Contributions {
  items: Contribution[];
  next_cursor: string | null;
  confirmed_count: number;
  counts: { pending: number; confirmed: number; rejected: number };
  per_grant: number;
  to_next_grant: number;
  pro_until: string | null;
}

function statusLine(c: Contribution): string {
  const status = nx.contribStatus[c.status] ?? c.status;
  if (c.status === 'rejected' && c.reason) return `${status} (${nx.contribReason[c.reason] ?? c.reason})`;
  if (c.status === 'pending' && c.confirmable_from) return `${status} · ${nx.contribConfirmableFrom(formatDate(c.confirmable_from))}`;
  return status;
}

/** /app/karte/beitraege: the user's dog-welcome contributions and the way to the next Pro year (100 confirmed). */
export function ContributionsScreen() {
  const [resource, reload] = useResource<Contributions>('/api/map-contrib?limit=200');
  return (
    <section class="page">
      <h1>{nx.contribTitle}</h1>
      <p>{nx.contribIntro}</p>
      <Load resource={resource} onRetry={reload}>
        {(data) => {
          const done = data.per_grant - data.to_next_grant;
          return (
            <>
              <div class="card">
                <label for="contrib-progress">{nx.contribProgress(done, data.per_grant)}</label>
                <progress id="contrib-progress" class="progress" max={data.per_grant} value={done} />
                <p class="muted small">{nx.contribCounts(data.counts)}</p>
                {data.pro_until && <p>{nx.contribProUntil(formatDate(data.pro_until))}</p>}
              </div>
              {data.items.length === 0 ? (
                <Empty title={nx.contribNone} icon="paw" />
              ) : (
                <ul class="contrib-list">
                  {data.items.map((c) => (
                    <li key={c.id}>
                      <strong>{c.venue_name ?? nx.venueKinds[c.venue_kind]}</strong> <span class="muted">· {nx.venueKinds[c.venue_kind]}</span>
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
        <a href="/app/karte">{nx.mapTitle}</a>
      </p>
    </section>
  );
}
