import { useEffect, useRef } from 'preact/hooks';
import { FALLBACK_CENTRE, type Point } from './position.js';
import { mapItemTexts } from './texts.js';

interface PinPickerProps {
  /** Where the map opens (the home area, or a fallback when nothing is known). */
  start: Point;
  /** The chosen position; null until the user taps the map or uses the current position (no pin shown). */
  value: Point | null;
  onPick: (p: Point) => void;
  /** Draws the alert radius around the pin (the home area). */
  radiusKm?: number;
  label?: string;
}

/** A map to put the pin where it happened; the chosen position is shown as numbers too (no map needed to check it). */
export function PinPicker({ start, value, onPick, radiusKm, label = mapItemTexts.position }: PinPickerProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let handle: { destroy(): void } | null = null;
    let live = true;
    void import('./nearby-map.js').then(async (m) => {
      await m.mapStylesReady();
      // Checked after the wait: a newer start may have replaced this map meanwhile (one map per container).
      if (live && box.current)
        handle = m.pickPosition(box.current, value ?? start, onPick, {
          placed: value !== null,
          radiusKm,
          zoom: !value && start === FALLBACK_CENTRE ? 6 : undefined,
        });
    });
    return () => {
      live = false;
      handle?.destroy();
    };
    // A new start from outside (the current position arrived) redraws the map; the map's own taps keep it as it is.
  }, [start.lat, start.lon]);
  return (
    <div class="pin-picker">
      <p class="muted small">{mapItemTexts.pinHint}</p>
      <div ref={box} class="nearby-map nearby-map-small" role="region" aria-label={label} />
      <p class="small" aria-live="polite" data-testid="pin-value">
        {label}: {value ? `${value.lat.toLocaleString('de-DE')}, ${value.lon.toLocaleString('de-DE')}` : mapItemTexts.notChosen}
      </p>
    </div>
  );
}
