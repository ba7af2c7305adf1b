import { useEffect, useRef } from 'preact/hooks';
import type * as NearbyMapChunk from './nearby-map.js';

type MapChunk = typeof NearbyMapChunk;

/**
 * A map of the nearby chunk in a container: Leaflet loads on first use, the map is made by `create` and destroyed
 * when the screen goes or `deps` change (a new centre). `map.current` is null until it is ready.
 */
export function useMapChunk<M extends { destroy(): void }>(create: (chunk: MapChunk, container: HTMLElement) => Promise<M>, deps: unknown[]) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<M | null>(null);
  useEffect(() => {
    let live = true;
    void import('./nearby-map.js').then(async (chunk) => {
      if (!live || !box.current) return;
      const made = await create(chunk, box.current);
      if (live) map.current = made;
      else made.destroy();
    });
    return () => {
      live = false;
      map.current?.destroy();
      map.current = null;
    };
  }, deps);
  return { box, map };
}
