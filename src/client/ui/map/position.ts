import { useState } from 'preact/hooks';
import { session } from '../../core/session.js';
import { useStore } from '../../core/store.js';
import { mapItemTexts } from './texts.js';

export type Point = { lat: number; lon: number };

/**
 * Where a map opens when nothing better is known (no home area, no current position): the middle of Germany, so
 * nobody mistakes it for their own town (it used to be Berlin-Mitte, where reports then landed unnoticed).
 */
export const FALLBACK_CENTRE: Point = { lat: 51.16, lon: 10.45 };

/**
 * Where a search looks: the saved profile position, or once the current position when the user asks (never in
 * the background, never stored).
 */
export function useSearchPosition() {
  const state = useStore(session);
  const saved = state.status === 'user' && state.user.lat !== null && state.user.lon !== null ? { lat: state.user.lat, lon: state.user.lon } : null;
  const [current, setCurrent] = useState<Point | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const locate = () => {
    if (!('geolocation' in navigator)) return setStatus(mapItemTexts.geoDenied);
    setStatus(mapItemTexts.locating);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setCurrent({ lat: Math.round(p.coords.latitude * 1e4) / 1e4, lon: Math.round(p.coords.longitude * 1e4) / 1e4 });
        setStatus(null);
      },
      () => setStatus(mapItemTexts.geoDenied),
      { maximumAge: 60_000, timeout: 10_000 },
    );
  };
  return { position: current ?? saved, current, saved, fromProfile: !current && saved !== null, locate, status };
}

/** A position handed over in the address (?lat=…&lon=…), when both are valid numbers. */
export function pointFromQuery(query: URLSearchParams): Point | null {
  const lat = Number(query.get('lat'));
  const lon = Number(query.get('lon'));
  if (!query.has('lat') || !query.has('lon') || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}
