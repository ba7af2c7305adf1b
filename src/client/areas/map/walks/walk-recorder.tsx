import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { queueTexts } from '../../../ui/pending-writes.js';
import { saveWalk } from './save-walk.js';
import { addFix, trackLength } from './track.js';
import { walksTexts } from './texts.js';
import { clearRunningWalk, loadRunningWalk, saveRunningWalk, type RunningWalk } from './walk-store.js';

/**
 * Start, walk, stop: the duration always, the track only while this screen is open and the browser gives
 * positions (never in the background; nothing is sent before "Beenden"). Without positions only the time counts.
 * The running walk is kept in IndexedDB with every new point, so a reload or a closed tab picks it up again;
 * "Beenden" without a connection puts it into the offline queue.
 */
export function WalkRecorder({ dogIds, onSaved, onNeedDogs }: { dogIds: number[]; onSaved: () => void; onNeedDogs: () => void }) {
  const state = useStore(session);
  const userId = state.status === 'user' ? state.user.id : null;
  const [walk, setWalk] = useState<RunningWalk | null>(null);
  const [resumed, setResumed] = useState(false);
  const [geo, setGeo] = useState<'on' | 'off'>('on');
  const [, tick] = useState(0);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const watch = useRef<number | null>(null);
  const current = useRef<RunningWalk | null>(null);

  const update = (next: RunningWalk | null) => {
    current.current = next;
    setWalk(next);
  };
  const stopWatching = () => {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    watch.current = null;
  };
  const startWatching = () => {
    if (!('geolocation' in navigator)) return setGeo('off');
    setGeo('on');
    watch.current = navigator.geolocation.watchPosition(
      (p) => {
        // Positions come back after a gap (a tunnel, a timeout): the note says so again.
        setGeo('on');
        const running = current.current;
        if (!running) return;
        const track = addFix(running.track, p.coords.latitude, p.coords.longitude, p.coords.accuracy);
        if (track === running.track) return;
        const next = { ...running, track };
        update(next);
        void saveRunningWalk(next);
      },
      () => setGeo('off'),
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
  };

  // A walk left running (reload, closed tab) goes on where it was.
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    void loadRunningWalk(userId).then((kept) => {
      if (!live || !kept || current.current) return;
      update(kept);
      setResumed(true);
      startWatching();
    });
    return () => {
      live = false;
    };
  }, [userId]);
  useEffect(() => {
    if (!walk) return;
    const timer = setInterval(() => tick((n) => n + 1), 10_000);
    return () => clearInterval(timer);
  }, [walk !== null]);
  useEffect(() => stopWatching, []);

  const start = () => {
    if (dogIds.length === 0) return onNeedDogs();
    if (userId === null) return;
    setMessage(null);
    setResumed(false);
    const next: RunningWalk = { userId, startedAt: new Date().toISOString(), dogIds, track: [] };
    update(next);
    void saveRunningWalk(next);
    startWatching();
  };
  const discard = () => {
    stopWatching();
    update(null);
    if (userId !== null) void clearRunningWalk(userId);
  };
  const finish = async () => {
    const running = current.current;
    if (!running) return;
    stopWatching();
    setBusy(true);
    try {
      const minutes = Math.max(1, Math.round((Date.now() - new Date(running.startedAt).getTime()) / 60_000));
      const result = await saveWalk({
        dog_ids: running.dogIds,
        started_at: running.startedAt,
        duration_min: minutes,
        ...(running.track.length >= 2 ? { track: running.track } : {}),
      });
      update(null);
      await clearRunningWalk(running.userId);
      setMessage({ error: false, text: result.queued ? queueTexts.queuedNotice : walksTexts.walkSaved });
      if (!result.queued) onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setMessage({ error: true, text: e.message });
    } finally {
      setBusy(false);
    }
  };

  // A track is what is sent (two points and more): only then is there a distance to show.
  const hasTrack = (walk?.track.length ?? 0) >= 2;
  const minutes = walk ? Math.floor((Date.now() - new Date(walk.startedAt).getTime()) / 60_000) : 0;
  return (
    <div class="card">
      {walk ? (
        <>
          {resumed && <p class="notice notice-info">{walksTexts.resumed(formatDateTime(walk.startedAt))}</p>}
          <p class="route-summary" role="status" data-points={walk.track.length}>
            {walksTexts.running(minutes, hasTrack ? trackLength(walk.track) : null)}
          </p>
          <p class="muted small">{walksTexts.trackNote(hasTrack, geo)}</p>
          <p class="link-row">
            <button type="button" class="button" disabled={busy} onClick={() => void finish()}>
              {walksTexts.stop}
            </button>
            <button type="button" class="button button-secondary" disabled={busy} onClick={discard}>
              {walksTexts.cancel}
            </button>
          </p>
        </>
      ) : (
        <button type="button" class="button" onClick={start}>
          {walksTexts.start}
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
