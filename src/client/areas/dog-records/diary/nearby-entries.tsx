import { useEffect, useState } from 'preact/hooks';
import type { DiaryNearbyResult } from '../../../api/types.js';
import { apiGet } from '../../../core/api.js';
import { formatDate } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { PinPicker } from '../../../ui/map/pin-picker.js';
import { FALLBACK_CENTRE, useSearchPosition, type Point } from '../../../ui/map/position.js';
import { SearchPositionRow } from '../../../ui/map/search-position-row.js';
import { Load, useResource } from '../../../ui/states.js';
import type { Dog } from '../dogs/dogs-api.js';
import { DiaryFrame } from './diary-nav.js';
import { diaryTexts } from './texts.js';

const nearbyTexts = diaryTexts.nearby;
const RADII = [1, 2, 5, 10, 25, 50, 100, 200];
/** The server answers at most this many, nearest first (diary/nearby.ts). */
const SERVER_CAP = 200;

type Source = 'current' | 'home' | 'picked';

/**
 * Where the search looks: the last thing the user chose wins – the current position (asked for only on the tap,
 * never in the background), a place picked on the map, or else the home area from the profile.
 */
function useCentre() {
  const { current, saved, locate, status } = useSearchPosition();
  const [picked, setPicked] = useState<Point | null>(null);
  // A newly arrived current position replaces an earlier pick (the user just asked for it).
  useEffect(() => {
    if (current) setPicked(null);
  }, [current?.lat, current?.lon]);
  const centre = picked ?? current ?? saved;
  const source: Source | null = picked ? 'picked' : current ? 'current' : saved ? 'home' : null;
  return { centre, source, saved, current, pick: setPicked, locate, status };
}

function Results({ centre, radius, dogId, dogs }: { centre: Point; radius: number; dogId: number | null; dogs: Dog[] }) {
  const query = { lat: centre.lat, lon: centre.lon, radius_km: radius, dog_id: dogId ?? undefined };
  const [found, reload] = useResource(apiGet('/api/diary/nearby', { params: { query } }));
  const dogName = (id: number) => dogs.find((d) => d.id === id)?.name ?? '';
  // `newest_only`: the server looked at the newest 5,000 located entries around the point only; older ones may be missing.
  const newestOnly = (r: DiaryNearbyResult) => r.newest_only === 1 && <p class="muted small diary-newest-only">{nearbyTexts.newestOnly}</p>;
  return (
    <Load resource={found} onRetry={reload}>
      {(r) =>
        r.items.length === 0 ? (
          <>
            <p class="muted">{nearbyTexts.none(radius)}</p>
            {newestOnly(r)}
          </>
        ) : (
          <>
            <p class="muted small" role="status">
              {nearbyTexts.count(r.items.length, radius)}
            </p>
            {newestOnly(r)}
            {r.items.length === SERVER_CAP && <p class="muted small">{nearbyTexts.capped}</p>}
            <ul class="search-hits diary-nearby">
              {r.items.map((e) => (
                <li key={e.id} class="card">
                  <a href={`/app/tagebuch/eintrag/${e.id}`}>
                    <span>
                      <strong>{e.title ?? formatDate(e.date)}</strong>
                      <br />
                      <span class="small">
                        <span class="diary-distance">{nearbyTexts.distance(e.distance_km)}</span>
                        <span class="muted"> · {[e.title ? formatDate(e.date) : '', dogName(e.dog_id)].filter(Boolean).join(' · ')}</span>
                      </span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        )
      }
    </Load>
  );
}

/** /app/tagebuch/in-der-naehe: one's own located entries around a point, nearest first, with their distance. */
export function DiaryNearbyScreen({ query }: ScreenProps) {
  const { centre, source, saved, current, pick, locate, status } = useCentre();
  const [radius, setRadius] = useState(10);
  // The map is drawn only while the picker is open: Leaflet cannot measure a closed <details>.
  const [picking, setPicking] = useState(false);
  return (
    <DiaryFrame view="nearby" query={query}>
      {(dog, dogs) => (
        <section aria-labelledby="diary-nearby-title">
          <h2 id="diary-nearby-title">{nearbyTexts.title}</h2>
          <p class="muted small">{nearbyTexts.intro}</p>
          <SearchPositionRow locate={locate} status={status} radii={RADII} radius={radius} onRadius={setRadius} />
          <details class="diary-nearby-pick" onToggle={(e) => setPicking(e.currentTarget.open)}>
            <summary>{nearbyTexts.pick}</summary>
            {picking && (
              <PinPicker start={current ?? saved ?? FALLBACK_CENTRE} value={source === 'picked' ? centre : null} onPick={pick} label={nearbyTexts.pickLabel} />
            )}
          </details>
          {centre && source ? (
            <>
              <p class="small">{nearbyTexts.from[source]}</p>
              <Results centre={centre} radius={radius} dogId={dog?.id ?? null} dogs={dogs} />
            </>
          ) : (
            <p class="muted">{nearbyTexts.noPosition}</p>
          )}
        </section>
      )}
    </DiaryFrame>
  );
}
