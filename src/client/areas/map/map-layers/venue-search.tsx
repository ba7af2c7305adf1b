import { useState } from 'preact/hooks';
import { api, ApiError } from '../../../core/api.js';
import type { LayerFeature } from '../../../api/types.js';
import { bboxOf, venuePin } from './map-layers.js';
import type { Bounds, MapItem } from '../../../ui/map/nearby-map.js';
import { mapLayersTexts } from './texts.js';
import type { Venue } from './venue-sheet.js';

/** "Search in the visible area": venues by name in the box the map shows (server: /api/map/search). */
export function VenueSearch({
  bounds,
  maxSpan,
  onHits,
  onSelect,
}: {
  bounds: () => Bounds | null;
  maxSpan: number;
  onHits: (items: MapItem[]) => void;
  onSelect: (v: Venue) => void;
}) {
  const [q, setQ] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'searching' } | { kind: 'done'; items: MapItem[] } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  const search = async (e: Event) => {
    e.preventDefault();
    const b = bounds();
    if (!b) return;
    if (b.north - b.south > maxSpan || b.east - b.west > maxSpan) return setState({ kind: 'error', message: mapLayersTexts.zoomIn });
    setState({ kind: 'searching' });
    try {
      const r = await api.GET('/api/map/search', { params: { query: { bbox: bboxOf(b), q: q.trim() } } });
      const items = r.items.map((f) => venuePin(f as LayerFeature, 'search', mapLayersTexts.search, '?', onSelect));
      onHits(items);
      setState({ kind: 'done', items });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setState({ kind: 'error', message: err.message });
    }
  };
  const clear = () => {
    onHits([]);
    setState({ kind: 'idle' });
  };
  return (
    <form class="venue-search" role="search" onSubmit={(e) => void search(e)}>
      <label for="venue-q">{mapLayersTexts.search}</label>
      <div class="inline-field">
        <input
          id="venue-q"
          type="search"
          value={q}
          minLength={2}
          maxLength={60}
          placeholder={mapLayersTexts.searchPlaceholder}
          onInput={(e) => setQ(e.currentTarget.value)}
        />
        <button type="submit" class="button" disabled={q.trim().length < 2 || state.kind === 'searching'}>
          {mapLayersTexts.searchGo}
        </button>
      </div>
      <p role="status" class={state.kind === 'error' ? 'form-error' : 'muted small'}>
        {state.kind === 'searching'
          ? mapLayersTexts.searching
          : state.kind === 'done'
            ? mapLayersTexts.searchHits(state.items.length)
            : state.kind === 'error'
              ? state.message
              : ''}
      </p>
      {state.kind === 'done' && state.items.length > 0 && (
        <>
          <ul class="venue-hits">
            {state.items.map((item) => (
              <li key={item.id}>
                <button type="button" class="link-button" onClick={item.onSelect}>
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" class="button button-secondary" onClick={clear}>
            {mapLayersTexts.searchClear}
          </button>
        </>
      )}
    </form>
  );
}
