import { useState } from 'preact/hooks';
import { OutcomeNotice, type Outcome } from '../../../ui/states.js';
import { api, ApiError } from '../../../core/api.js';
import { session, setUser } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { PinPicker } from '../../../ui/map/pin-picker.js';
import { FALLBACK_CENTRE, useSearchPosition, type Point } from '../../../ui/map/position.js';
import { InstallOffer } from '../../../ui/install-guide.js';
import { nearbyTexts } from './texts.js';

/** The poison-bait push radius (POISON_PUSH_KM on the server); lost dogs reach twice as far. */
const ALERT_RADIUS_KM = 5;

/** About 100 m: enough for a 5 km alert circle, and the exact front door is never stored. */
const roundForPrivacy = (p: Point): Point => ({ lat: Math.round(p.lat * 1e3) / 1e3, lon: Math.round(p.lon * 1e3) / 1e3 });

async function saveHomeArea(p: Point | null): Promise<void> {
  setUser(await api.PATCH('/api/me', { body: p ? roundForPrivacy(p) : { lat: null, lon: null } }));
}

/**
 * /app/heimatgebiet: where poison-bait and lost-dog warnings should reach you. Pushes go to everyone whose saved
 * area lies within 5 km (lost dogs 10 km) of a report; without one, no warning can find you. Also the centre of
 * every map and nearby list.
 */
export function HomeAreaScreen() {
  const state = useStore(session);
  const { saved, current, locate, status } = useSearchPosition();
  const [pin, setPin] = useState<Point | null>(null);
  const [message, setMessage] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  if (state.status !== 'user') return null;
  const chosen = pin ?? current ?? saved;
  const act = (p: Point | null, done: string) => async () => {
    setBusy(true);
    setMessage(null);
    try {
      await saveHomeArea(p);
      setPin(null);
      setMessage({ ok: true, text: done });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof ApiError ? e.message : nearbyTexts.homeFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="page page-narrow nearby">
      <h1>{nearbyTexts.homeTitle}</h1>
      <p>{nearbyTexts.homeIntro(ALERT_RADIUS_KM)}</p>
      <p class="muted small">{nearbyTexts.homePrivacy}</p>
      <div class="card">
        <p class={saved ? 'notice notice-success' : 'notice notice-warning'} role="status">
          {saved ? nearbyTexts.homeSet : nearbyTexts.homeUnset}
        </p>
        <button type="button" class="button button-secondary button-small" onClick={locate}>
          {nearbyTexts.useMine}
        </button>
        {status && <p class="muted small">{status}</p>}
        <PinPicker start={current ?? saved ?? FALLBACK_CENTRE} value={chosen} onPick={setPin} radiusKm={ALERT_RADIUS_KM} label={nearbyTexts.homeTitle} />
        <p class="link-row">
          <button type="button" class="button" disabled={busy || !chosen || (chosen === saved && !pin)} onClick={act(chosen, nearbyTexts.homeSaved)}>
            {nearbyTexts.homeSave}
          </button>
          {saved && (
            <button type="button" class="button button-secondary" disabled={busy} onClick={act(null, nearbyTexts.homeRemoved)}>
              {nearbyTexts.homeRemove}
            </button>
          )}
        </p>
        <OutcomeNotice outcome={message} />
      </div>
      <p class="link-row">
        <a href="/app/in-der-naehe">{nearbyTexts.title}</a> <a href="/app/benachrichtigungen/einstellungen">{nearbyTexts.homePushLink}</a>
      </p>
    </section>
  );
}

/** On "In der Nähe": the offer to keep the position just used as the home area, or a nudge to set one. */
export function HomeAreaOffer({ current }: { current: Point | null }) {
  const state = useStore(session);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (state.status !== 'user') return null;
  const hasHome = state.user.lat !== null && state.user.lon !== null;
  if (done)
    return (
      <>
        <p class="notice notice-success" role="status">
          {nearbyTexts.homeSaved}
        </p>
        <InstallOffer />
      </>
    );
  if (hasHome) return null;
  return (
    <div class="notice notice-warning home-offer">
      <p>{nearbyTexts.homeNudge}</p>
      {current ? (
        <button
          type="button"
          class="button button-small"
          onClick={async () => {
            try {
              await saveHomeArea(current);
              setDone(true);
            } catch (e) {
              setError(e instanceof ApiError ? e.message : nearbyTexts.homeFailed);
            }
          }}
        >
          {nearbyTexts.homeKeepCurrent}
        </button>
      ) : (
        <a class="button button-small" href="/app/heimatgebiet">
          {nearbyTexts.homeChoose}
        </a>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
