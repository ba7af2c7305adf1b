import { useEffect, useRef, useState } from 'preact/hooks';
import { PinPicker } from './pin-picker.js';
import { FALLBACK_CENTRE, useSearchPosition, type Point } from './position.js';
import { mapItemTexts } from './texts.js';

/**
 * Where a new map item goes. Nothing is chosen until the user taps the map or uses the current position: a report
 * is never sent from a default (a warning published at a place nobody chose would sit in the wrong town). The map
 * opens at the home area, else the middle of Germany.
 */
export function usePin(initial: Point | null = null) {
  const { saved, current, locate, status } = useSearchPosition();
  const [pin, setPin] = useState<Point | null>(initial);
  const [missing, setMissing] = useState(false);
  // An item being edited keeps its own position until the user asks for the current one (a later `current`).
  const known = useRef(initial ? (current ?? null) : null);
  useEffect(() => {
    if (current && current !== known.current) setPin(current);
  }, [current?.lat, current?.lon]);
  /** The chosen position for sending, or null after the form was told that one is missing. */
  const take = (form: { setSummary(message: string | null): void }): Point | null => {
    if (pin) return pin;
    setMissing(true);
    form.setSummary(mapItemTexts.pinMissing);
    return null;
  };
  return { start: initial ?? current ?? saved ?? FALLBACK_CENTRE, pin, setPin, locate, status, missing, take };
}

export type PinState = ReturnType<typeof usePin>;

export function PinField({ p }: { p: PinState }) {
  return (
    <fieldset class="pin-field">
      <legend>{mapItemTexts.whereSeen}</legend>
      <button type="button" class="button button-secondary button-small" onClick={p.locate}>
        {mapItemTexts.useMine}
      </button>
      {p.status && <p class="muted small">{p.status}</p>}
      <PinPicker start={p.start} value={p.pin} onPick={p.setPin} />
      {p.missing && !p.pin && (
        <p class="field-error" role="alert">
          {mapItemTexts.pinMissing}
        </p>
      )}
    </fieldset>
  );
}
