import { useState } from 'preact/hooks';
import { session } from '../../core/session.js';
import { useStore } from '../../core/store.js';
import { nx } from './texts.js';

export type Point = { lat: number; lon: number };

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
    if (!('geolocation' in navigator)) return setStatus(nx.geoDenied);
    setStatus(nx.locating);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setCurrent({ lat: Math.round(p.coords.latitude * 1e4) / 1e4, lon: Math.round(p.coords.longitude * 1e4) / 1e4 });
        setStatus(null);
      },
      () => setStatus(nx.geoDenied),
      { maximumAge: 60_000, timeout: 10_000 },
    );
  };
  return { position: current ?? saved, fromProfile: !current && saved !== null, locate, status };
}
