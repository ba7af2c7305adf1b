import { apiGet } from '../../../core/api.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatDate } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Empty, ErrorState, Load, Loading, useResource } from '../../../ui/states.js';
import { DiaryFrame } from './diary-nav.js';
import type { MapPlace, PlacesMap } from './map/leaflet-map.js';
import { diaryTexts } from './texts.js';

function LeafletMap({ places }: { places: MapPlace[] }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ status: 'loading' | 'ready' } | { status: 'error'; error: unknown }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    let handle: PlacesMap | null = null;
    setState({ status: 'loading' });
    import('./map/leaflet-map.js')
      .then(async (m) => {
        if (cancelled || !container.current) return;
        handle = await m.showPlaces(container.current, places, diaryTexts.map.openEntry);
        if (cancelled) handle.destroy();
        else setState({ status: 'ready' });
      })
      .catch((error: unknown) => !cancelled && setState({ status: 'error', error }));
    return () => {
      cancelled = true;
      handle?.destroy();
    };
  }, [places, attempt]);
  return (
    <div class="map-wrap">
      {state.status === 'loading' && <Loading label={diaryTexts.map.loading} />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={() => setAttempt((a) => a + 1)} />}
      <div ref={container} class="map" role="region" aria-label={diaryTexts.map.label} data-state={state.status} />
    </div>
  );
}

/** The same places as a list: the map's content for keyboard and screen-reader users. */
function PlaceList({ places }: { places: MapPlace[] }) {
  return (
    <details class="card place-list">
      <summary>{diaryTexts.map.listLabel}</summary>
      <ul>
        {places.map((p) => (
          <li key={`${p.lat},${p.lon}`}>
            <a href={`/app/tagebuch/eintrag/${p.latest_entry_id}`}>
              {p.first_date === p.last_date ? formatDate(p.last_date) : `${formatDate(p.first_date)} – ${formatDate(p.last_date)}`}
            </a>{' '}
            <span class="muted">({diaryTexts.calendar.entries(p.entries)})</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function Places({ dogId }: { dogId: number | null }) {
  const [locations, reload] = useResource(apiGet('/api/diary/locations', { params: { query: { dog_id: dogId ?? undefined } } }));
  return (
    <Load resource={locations} onRetry={reload}>
      {(data) =>
        data.places.length === 0 ? (
          <Empty title={diaryTexts.map.emptyTitle}>
            <p>{diaryTexts.map.emptyText}</p>
          </Empty>
        ) : (
          <>
            <p class="muted">{diaryTexts.map.count(data.located_entries)}</p>
            <LeafletMap places={data.places} />
            <PlaceList places={data.places} />
          </>
        )
      }
    </Load>
  );
}

export function DiaryMapScreen({ query }: ScreenProps) {
  return (
    <DiaryFrame view="map" query={query}>
      {(dog) => <Places key={dog?.id ?? 'alle'} dogId={dog?.id ?? null} />}
    </DiaryFrame>
  );
}
