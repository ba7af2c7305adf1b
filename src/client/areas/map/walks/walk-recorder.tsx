import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from '../../../core/api.js';
import { addFix, trackLength, type TrackPoint } from './track.js';
import { wx } from './texts.js';

/**
 * Start, walk, stop: the duration always, the track only while this screen is open and the browser gives
 * positions (never in the background; nothing is sent before "Beenden"). Without positions only the time counts.
 */
export function WalkRecorder({ dogIds, onSaved, onNeedDogs }: { dogIds: number[]; onSaved: () => void; onNeedDogs: () => void }) {
  const [startedAt, setStartedAt] = useState<Date | null>(null);
  const [track, setTrack] = useState<TrackPoint[]>([]);
  const [geo, setGeo] = useState<'on' | 'off'>('on');
  const [, tick] = useState(0);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const watch = useRef<number | null>(null);

  const stopWatching = () => {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    watch.current = null;
  };
  useEffect(() => {
    if (!startedAt) return;
    const timer = setInterval(() => tick((n) => n + 1), 10_000);
    return () => clearInterval(timer);
  }, [startedAt]);
  useEffect(() => stopWatching, []);

  const start = () => {
    if (dogIds.length === 0) return onNeedDogs();
    setMessage(null);
    setTrack([]);
    setStartedAt(new Date());
    if (!('geolocation' in navigator)) return setGeo('off');
    setGeo('on');
    watch.current = navigator.geolocation.watchPosition(
      (p) => setTrack((prev) => addFix(prev, p.coords.latitude, p.coords.longitude, p.coords.accuracy)),
      () => setGeo('off'),
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
  };
  const discard = () => {
    stopWatching();
    setStartedAt(null);
    setTrack([]);
  };
  const finish = async () => {
    if (!startedAt) return;
    stopWatching();
    setBusy(true);
    try {
      const minutes = Math.max(1, Math.round((Date.now() - startedAt.getTime()) / 60_000));
      await api.post('/api/walks', {
        dog_ids: dogIds,
        started_at: startedAt.toISOString(),
        duration_min: minutes,
        ...(track.length >= 2 ? { track } : {}),
      });
      setStartedAt(null);
      setTrack([]);
      setMessage({ error: false, text: wx.walkSaved });
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setMessage({ error: true, text: e.message });
    } finally {
      setBusy(false);
    }
  };

  const minutes = startedAt ? Math.floor((Date.now() - startedAt.getTime()) / 60_000) : 0;
  return (
    <div class="card">
      {startedAt ? (
        <>
          <p class="route-summary" role="status">
            {wx.running(minutes, trackLength(track))}
          </p>
          <p class="muted small">{geo === 'on' ? wx.trackHint : wx.noTrack}</p>
          <p class="link-row">
            <button type="button" class="button" disabled={busy} onClick={() => void finish()}>
              {wx.stop}
            </button>
            <button type="button" class="button button-secondary" disabled={busy} onClick={discard}>
              {wx.cancel}
            </button>
          </p>
        </>
      ) : (
        <button type="button" class="button" onClick={start}>
          {wx.start}
        </button>
      )}
      {message && (
        <p role={message.error ? 'alert' : 'status'} class={message.error ? 'form-error' : undefined}>
          {message.text}
        </p>
      )}
    </div>
  );
}
