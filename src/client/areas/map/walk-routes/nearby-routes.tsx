import { useState } from 'preact/hooks';
import { apiGet, apiHref } from '../../../core/api.js';
import { formatKm } from '../../../core/format.js';
import { useSearchPosition } from '../../../ui/map/position.js';
import { SearchPositionRow } from '../../../ui/map/search-position-row.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { Empty, Load } from '../../../ui/states.js';
import { routesTexts } from './texts.js';

const nearbyTexts = routesTexts.nearby;
const RADII = [2, 5, 10, 25, 50, 100];

/**
 * "In der Nähe": shared routes and one's own that start around the home area, or around the current position once
 * the user asks for it (never in the background), nearest first, more on demand.
 */
export function NearbyRoutes() {
  const { position, fromProfile, locate, status } = useSearchPosition();
  const [radius, setRadius] = useState(10);
  const list = usePagedList(
    position ? apiGet('/api/routes', { params: { query: { lat: position.lat, lon: position.lon, radius_km: radius, limit: 20 } } }) : null,
  );
  return (
    <section aria-labelledby="routes-nearby-title">
      <h2 id="routes-nearby-title">{nearbyTexts.title}</h2>
      <SearchPositionRow locate={locate} status={status} radii={RADII} radius={radius} onRadius={setRadius} />
      {position ? (
        <>
          <p class="small">{fromProfile ? nearbyTexts.fromHome : nearbyTexts.fromCurrent}</p>
          <Load resource={list.resource} onRetry={list.reload}>
            {(routes) =>
              routes.length === 0 ? (
                <Empty title={nearbyTexts.none(radius)} />
              ) : (
                <ul class="contrib-list routes-nearby">
                  {routes.map((r) => (
                    <li key={r.id}>
                      <strong>{r.name}</strong>
                      <br />
                      <span class="small">
                        {r.distance_km !== undefined && <span class="route-distance">{nearbyTexts.away(r.distance_km)}</span>} · {formatKm(r.distance_m)}
                        {r.duration_s !== null ? ` · ${routesTexts.minutes(r.duration_s)}` : ''}
                        <span class="muted"> · {r.mine ? nearbyTexts.mine : nearbyTexts.shared}</span>
                      </span>
                      <br />
                      <a href={apiHref('/api/routes/{id}/gpx', { params: { path: { id: r.id } } })} download>
                        {routesTexts.gpx}
                      </a>
                    </li>
                  ))}
                </ul>
              )
            }
          </Load>
          <MoreButton list={list} />
        </>
      ) : (
        <p class="muted">{nearbyTexts.noPosition}</p>
      )}
    </section>
  );
}
