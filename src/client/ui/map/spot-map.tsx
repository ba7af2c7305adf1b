import { useMapChunk } from './use-map-chunk.js';
import type { Point } from './position.js';
import { mapItemTexts } from './texts.js';

/** A small map on an item's page: where the warning was seen, where the dog was last seen, where a meeting is. */
export function SpotMap({ at, label = mapItemTexts.spotLabel }: { at: Point; label?: string }) {
  const { box } = useMapChunk((m, container) => m.showSpot(container, at), [at.lat, at.lon]);
  return (
    <figure class="spot-map">
      <div ref={box} class="nearby-map nearby-map-small" role="region" aria-label={label} />
      <figcaption class="muted small">
        <a href={`/app/karte?lat=${at.lat}&lon=${at.lon}`}>{mapItemTexts.spotOnMap}</a>
      </figcaption>
    </figure>
  );
}
