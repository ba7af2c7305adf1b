import type { LayerFeature } from '../../../api/types.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from '../../../core/api.js';
import type { ScreenProps } from '../../../core/screen.js';
import type { Bounds, LayersMap, MapItem } from '../../../ui/map/nearby-map.js';
import { KindChips } from '../../../ui/map/kind-chips.js';
import { useMapChunk } from '../../../ui/map/use-map-chunk.js';
import { FALLBACK_CENTRE, pointFromQuery, useSearchPosition } from '../../../ui/map/position.js';
import { mapLayersTexts } from './texts.js';
import { VenueSheet, type Venue } from './venue-sheet.js';
import { VenueSearch } from './venue-search.js';

/** The layers from OpenStreetMap (server: /api/map/layers/{layer}) and the users' places, with their pin glyph. */
const LAYERS = [
  { key: 'vet', label: 'Tierärzte', glyph: 'T' },
  { key: 'groomer', label: 'Hundesalons', glyph: 'H' },
  { key: 'dog_friendly', label: 'Hunde willkommen', glyph: 'W' },
  { key: 'dog_park', label: 'Hundewiesen', glyph: 'P' },
  { key: 'water', label: 'Trinkwasser', glyph: '~' },
] as const;
const PLACES = { key: 'places', label: 'Orte der Community', glyph: 'O' };
/** The server answers boxes up to 0.5° × 0.5°: roughly zoom 11 on a phone. */
const MAX_SPAN = 0.5;

/** A layer feature or search hit as a pin that opens the venue's details. */
export function venuePin(f: LayerFeature, kind: string, what: string, glyph: string, select: (v: Venue) => void): MapItem {
  const p = f.properties;
  const venue: Venue = { ...p, what: (p.welcome_kind && mapLayersTexts.venueKinds[p.welcome_kind]) || what };
  return {
    id: p.osm_id,
    kind,
    lat: f.geometry.coordinates[1],
    lon: f.geometry.coordinates[0],
    label: [p.name ?? what, p.opening_hours].filter(Boolean).join(' · '),
    href: '',
    glyph,
    onSelect: () => select(venue),
  };
}

export const bboxOf = (b: Bounds) => [b.south, b.west, b.north, b.east].map((v) => v.toFixed(4)).join(',');

async function loadItems(on: string[], b: Bounds, select: (v: Venue) => void): Promise<{ items: MapItem[]; failed: boolean }> {
  const bbox = bboxOf(b);
  let failed = false;
  const lists = await Promise.all(
    on.map(async (key): Promise<MapItem[]> => {
      try {
        if (key === PLACES.key) {
          const r = await api.GET('/api/places', { params: { query: { bbox } } });
          return r.items.map((p) => ({
            id: p.id,
            kind: 'places',
            lat: p.lat,
            lon: p.lon,
            label: `${p.name} (${p.types.join(', ')})`,
            // One's own places open their edit screen; the others' are only shown.
            href: p.mine ? `/app/karte/ort/${p.id}` : '',
            glyph: PLACES.glyph,
          }));
        }
        const layer = LAYERS.find((l) => l.key === key)!;
        const r = await api.GET('/api/map/layers/{layer}', { params: { path: { layer: key }, query: { bbox } } });
        // The answer's coordinates are number[]; the named MapLayer schema reads them as a [lon, lat] pair.
        return r.features.map((f) => venuePin(f as LayerFeature, key, layer.label, layer.glyph, select));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        failed = true;
        return [];
      }
    }),
  );
  return { items: lists.flat(), failed };
}

/** /app/karte: vets, groomers, dog-friendly venues, dog parks, drinking water and the community's places. */
export function MapLayersScreen({ query: address }: ScreenProps) {
  const { position } = useSearchPosition();
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const [on, setOn] = useState<string[]>(['vet', 'groomer', PLACES.key]);
  // 'loading' from the start: the map is loading (not "0 Orte"), and the first box's setState('loading') then costs
  // no second drawing of the screen while the map starts (issue 29).
  const [state, setState] = useState<'idle' | 'loading' | 'too-far' | 'failed'>('loading');
  const [count, setCount] = useState(0);
  const [venue, setVenue] = useState<Venue | null>(null);
  const [hits, setHits] = useState<MapItem[]>([]);
  const layerItems = useRef<MapItem[]>([]);
  // ?lat=&lon= (a place just saved, an item's "show on the map") wins over the home area.
  const center = pointFromQuery(address) ?? position ?? FALLBACK_CENTRE;
  const showAll = (layers: MapItem[], found: MapItem[]) => map.current?.show([...layers, ...found]);

  // The map stops reporting moves when destroyed (showLayers), so a late move cannot set state.
  const { box, map } = useMapChunk<LayersMap>((m, container) => m.showLayers(container, center, setBounds), [center.lat, center.lon]);

  useEffect(() => {
    if (!bounds) return;
    if (bounds.north - bounds.south > MAX_SPAN || bounds.east - bounds.west > MAX_SPAN) {
      map.current?.show([]);
      setState('too-far');
      return;
    }
    let live = true;
    setState('loading');
    const timer = setTimeout(() => {
      void loadItems(on, bounds, setVenue).then(({ items, failed }) => {
        if (!live) return;
        layerItems.current = items;
        showAll(items, hits);
        setCount(items.length);
        setState(failed ? 'failed' : 'idle');
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [bounds, on.join(',')]);

  const onHits = (found: MapItem[]) => {
    setHits(found);
    showAll(layerItems.current, found);
  };

  return (
    <section class="page nearby">
      <h1>{mapLayersTexts.mapTitle}</h1>
      <VenueSearch bounds={() => map.current?.bounds() ?? null} maxSpan={MAX_SPAN} onHits={onHits} onSelect={setVenue} />
      <KindChips legend={mapLayersTexts.layers} options={[...LAYERS, PLACES]} selected={on} onChange={setOn} />
      <p class="muted small" role="status">
        {state === 'too-far'
          ? mapLayersTexts.zoomIn
          : state === 'loading'
            ? mapLayersTexts.loadingLayers
            : state === 'failed'
              ? mapLayersTexts.layersFailed
              : mapLayersTexts.shown(count)}
      </p>
      <div ref={box} class="nearby-map" role="region" aria-label={mapLayersTexts.mapTitle} />
      {venue && <VenueSheet key={`${venue.osm_type}/${venue.osm_id}`} venue={venue} onClose={() => setVenue(null)} />}
      {/* Below the map: on a phone the four buttons above it pushed the map under the fold. */}
      <p class="link-row">
        <a class="button button-secondary" href="/app/karte/ort-neu">
          {mapLayersTexts.placeAdd}
        </a>
        <a class="button button-secondary" href="/app/karte/beitraege">
          {mapLayersTexts.myContributions}
        </a>
        <a class="button button-secondary" href="/app/routen">
          {mapLayersTexts.routePlanner}
        </a>
        <a class="button button-secondary" href="/app/spaziergaenge">
          {mapLayersTexts.walks}
        </a>
      </p>
      <p class="muted small">{mapLayersTexts.osmNote}</p>
    </section>
  );
}
