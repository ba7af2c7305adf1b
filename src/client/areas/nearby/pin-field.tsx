import { useEffect, useState } from 'preact/hooks';
import { PinPicker } from './pin-picker.js';
import { useSearchPosition, type Point } from './position.js';
import { nx } from './texts.js';

/** Berlin's centre when nothing better is known: the user moves the pin anyway. */
const FALLBACK: Point = { lat: 52.52, lon: 13.405 };

/** Where a new map item goes: starts at the saved (or, once asked, the current) position; the pin decides. */
export function usePin() {
  const { position, locate, status } = useSearchPosition();
  const [pin, setPin] = useState<Point | null>(position);
  useEffect(() => {
    if (position && !pin) setPin(position);
  }, [position?.lat, position?.lon]);
  return { start: position ?? FALLBACK, pin, setPin, locate, status, chosen: (): Point => pin ?? position ?? FALLBACK };
}

export function PinField({ p }: { p: ReturnType<typeof usePin> }) {
  return (
    <>
      <button type="button" class="button button-secondary button-small" onClick={p.locate}>
        {nx.useMine}
      </button>
      {p.status && <p class="muted small">{p.status}</p>}
      <PinPicker start={p.pin ?? p.start} value={p.pin} onPick={p.setPin} />
    </>
  );
}
