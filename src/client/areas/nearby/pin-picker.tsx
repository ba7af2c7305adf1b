import { useEffect, useRef } from 'preact/hooks';
import type { Point } from './position.js';
import { nx } from './texts.js';

/** A map to put the pin where it happened; the chosen position is shown as numbers too (no map needed to check it). */
export function PinPicker({ start, value, onPick }: { start: Point; value: Point | null; onPick: (p: Point) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let handle: { destroy(): void } | null = null;
    let live = true;
    void import('./map/nearby-map.js').then(async (m) => {
      if (live && box.current) handle = await m.pickPosition(box.current, start, onPick);
    });
    return () => {
      live = false;
      handle?.destroy();
    };
  }, [start.lat, start.lon]);
  return (
    <div class="pin-picker">
      <p class="muted small">{nx.pinHint}</p>
      <div ref={box} class="nearby-map nearby-map-small" role="region" aria-label={nx.position} />
      <p class="small" aria-live="polite">
        {nx.position}: {value ? `${value.lat.toLocaleString('de-DE')}, ${value.lon.toLocaleString('de-DE')}` : '–'}
      </p>
    </div>
  );
}
