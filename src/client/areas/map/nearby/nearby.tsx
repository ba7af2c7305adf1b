import { useEffect, useState } from 'preact/hooks';
import { MoreButton } from '../../../ui/paged-list.js';
import { ItemList, Loading } from '../../../ui/states.js';
import { KindChips } from '../../../ui/map/kind-chips.js';
import { KINDS, type Found } from './kinds.js';
import { useNearbyPages } from './nearby-pages.js';
import { LISTINGS, SERVICE_CATEGORY_LABELS } from './listings/specs.js';
import type { NearbyMap } from '../../../ui/map/nearby-map.js';
import { useMapChunk } from '../../../ui/map/use-map-chunk.js';
import { HomeScreenGuide } from '../../../ui/install-guide.js';
import { HomeAreaOffer } from './home-area.js';
import { useSearchPosition, type Point } from '../../../ui/map/position.js';
import { SearchPositionRow } from '../../../ui/map/search-position-row.js';
import { nearbyTexts } from './texts.js';

const RADII = [2, 5, 10, 25, 50];

function MapBox({ center, items }: { center: Point; items: Found[] }) {
  const { box, map } = useMapChunk<NearbyMap>((m, container) => m.showNearby(container, center), [center.lat, center.lon]);
  useEffect(() => {
    const show = () =>
      map.current?.show(
        items.map((i) => {
          return { id: i.id, kind: i.kind, lat: i.lat, lon: i.lon, label: i.title, href: i.href, glyph: i.glyph };
        }),
      );
    if (map.current) show();
    else {
      const timer = setInterval(() => map.current && (show(), clearInterval(timer)), 100);
      return () => clearInterval(timer);
    }
  }, [items]);
  return <div ref={box} class="nearby-map" role="region" aria-label={nearbyTexts.map} />;
}

function ItemRow({ item }: { item: Found }) {
  const kind = KINDS.find((k) => k.path === item.kind)!;
  const poison = item.kind === 'poison-warnings';
  return (
    <li id={`${item.kind}-${item.id}`} class={poison ? 'nearby-item nearby-item-poison' : 'nearby-item'} data-hazard={item.hazard ?? undefined}>
      <span class={`nearby-pin-inline nearby-pin-${item.kind}`} aria-hidden="true">
        {item.glyph}
      </span>
      <span>
        <a href={item.href}>{item.title}</a>
        <br />
        <span class="muted small">
          {kind.label} · {nearbyTexts.distance(item.distance_km)} · {nearbyTexts.ago(item.created_at)}
          {item.state !== null && ` · ${item.state}`}
        </span>
      </span>
    </li>
  );
}

/** /app/in-der-naehe: the map with every kind around the saved (or current) position, and the same as a list (more on scroll). */
export function NearbyScreen() {
  const { position, current, fromProfile, locate, status } = useSearchPosition();
  const [radius, setRadius] = useState(10);
  const [kinds, setKinds] = useState<string[]>(KINDS.map((k) => k.path));
  const [category, setCategory] = useState('');
  const [hazard, setHazard] = useState('');
  const { items: all, list } = useNearbyPages(position, radius, kinds);
  const items =
    all?.filter((i) => (!category || i.kind !== 'services' || i.category === category) && (!hazard || i.kind !== 'poison-warnings' || i.hazard === hazard)) ??
    null;
  return (
    <section class="page nearby">
      <h1>{nearbyTexts.title}</h1>
      <p class="link-row">
        <a class="button" href="/app/giftkoeder/neu">
          {nearbyTexts.report}
        </a>
        <a class="button button-secondary" href="/app/vermisst/neu">
          {nearbyTexts.reportLost}
        </a>
      </p>
      <p class="link-row">
        <a href="/app/karte">{nearbyTexts.toMap}</a>
      </p>
      <details class="create-menu">
        <summary class="button button-secondary">{nearbyTexts.create}</summary>
        <p class="muted small">{nearbyTexts.createWhat}</p>
        <ul class="plain-list">
          {LISTINGS.map((l) => (
            <li key={l.slug}>
              <a href={`/app/${l.slug}/neu`}>{l.createTitle}</a>
            </li>
          ))}
        </ul>
      </details>
      <SearchPositionRow locate={locate} status={status} radii={RADII} radius={radius} onRadius={setRadius}>
        <span class="muted">{position ? (fromProfile ? nearbyTexts.profilePosition : '') : nearbyTexts.noPosition}</span>
      </SearchPositionRow>
      <HomeAreaOffer current={current} />
      <HomeScreenGuide />
      <KindChips
        legend={nearbyTexts.kinds}
        options={KINDS.map((k) => ({ key: k.path, label: k.label, glyph: k.glyph }))}
        selected={kinds}
        onChange={setKinds}
      />
      {kinds.includes('poison-warnings') && (
        <label class="filter-row">
          {nearbyTexts.hazard}{' '}
          <select value={hazard} onChange={(e) => setHazard((e.currentTarget as HTMLSelectElement).value)}>
            <option value="">{nearbyTexts.hazardAll}</option>
            {Object.entries(nearbyTexts.poisonKinds).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      )}
      {kinds.includes('services') && (
        <label class="filter-row">
          {nearbyTexts.category}{' '}
          <select value={category} onChange={(e) => setCategory((e.currentTarget as HTMLSelectElement).value)}>
            <option value="">{nearbyTexts.categoryAll}</option>
            {Object.entries(SERVICE_CATEGORY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      )}
      {position && items === null && <Loading />}
      {position && items && (
        <>
          <MapBox center={position} items={items} />
          <h2>{nearbyTexts.list}</h2>
          {
            <ItemList items={items} empty={nearbyTexts.none} class="nearby-list">
              {(i) => <ItemRow key={`${i.kind}-${i.id}`} item={i} />}
            </ItemList>
          }
          <MoreButton list={list} auto />
        </>
      )}
    </section>
  );
}
