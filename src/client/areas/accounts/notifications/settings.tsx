import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, errorMessage } from '../../../core/api.js';
import { isStaff, session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { ErrorNotice, Load, useResource } from '../../../ui/states.js';
import { disablePush, enablePush, pushState, PushTimeoutError, type PushState } from './push-client.js';
import { tn } from './texts.js';

/** src/features/accounts/notifications/notifications.schemas.ts (NotificationSettings): kinds → on/off, plus quiet hours. */
type Settings = Record<string, boolean | string> & { quiet_hours: boolean; quiet_hours_start: string; quiet_hours_end: string };

const QUIET_KEYS = new Set(['quiet_hours', 'quiet_hours_start', 'quiet_hours_end']);

/** Permission is asked only here, after the user pressed the button below the explanation. */
function PushSection() {
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    pushState().then(setState, () => setState('unsupported'));
  }, []);

  const run = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await action());
    } catch (e) {
      setError(e instanceof ApiError ? e.message : e instanceof PushTimeoutError ? tn.pushTimeout : tn.pushFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card settings-block" aria-labelledby="push-title" data-push-state={state}>
      <h2 id="push-title">{tn.pushTitle}</h2>
      {state === 'unsupported' && <p>{tn.pushUnsupported}</p>}
      {state === 'denied' && <p>{tn.pushDenied}</p>}
      {state === 'off' && (
        <>
          <p>{tn.pushExplain}</p>
          <button type="button" class="button" disabled={busy} aria-busy={busy ? 'true' : undefined} onClick={() => void run(enablePush)}>
            {tn.pushEnable}
          </button>
        </>
      )}
      {state === 'on' && (
        <>
          <p>{tn.pushOn}</p>
          <button type="button" class="button button-secondary" disabled={busy} onClick={() => void run(disablePush)}>
            {tn.pushDisable}
          </button>
        </>
      )}
      <ErrorNotice text={error} />
    </section>
  );
}

function SettingsForm({ initial }: { initial: Settings }) {
  const [settings, setSettings] = useState(initial);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const save = async (change: Partial<Settings>) => {
    setMessage(null);
    try {
      setSettings(await api.patch<Settings>('/api/me/notification-settings', change));
      setMessage({ ok: true, text: tn.saved });
    } catch (e) {
      setMessage({ ok: false, text: errorMessage(e) });
    }
  };
  const state = useStore(session);
  const staff = state.status === 'user' && isStaff(state.user);
  // Only admins and moderators get the queue's news; nobody else needs its switch.
  const kinds = Object.keys(settings).filter((k) => !QUIET_KEYS.has(k) && (staff || k !== 'moderation'));

  return (
    <>
      <fieldset class="card settings-block">
        <legend>{tn.kindsTitle}</legend>
        <p class="hint">{tn.kindsHint}</p>
        {kinds.map((kind) => (
          <label key={kind} class="field-check">
            <input type="checkbox" name={kind} checked={settings[kind] === true} onChange={(e) => void save({ [kind]: e.currentTarget.checked })} />
            <span>{tn.kinds[kind] ?? kind}</span>
          </label>
        ))}
      </fieldset>
      <form
        class="card settings-block"
        aria-labelledby="quiet-title"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          void save({ quiet_hours_start: String(form.get('quiet_hours_start')), quiet_hours_end: String(form.get('quiet_hours_end')) });
        }}
      >
        <h2 id="quiet-title">{tn.quietTitle}</h2>
        <label class="field-check">
          <input type="checkbox" name="quiet_hours" checked={settings.quiet_hours} onChange={(e) => void save({ quiet_hours: e.currentTarget.checked })} />
          <span>{tn.quietToggle}</span>
        </label>
        <p class="hint">{tn.quietHint}</p>
        <div class="field-row">
          <div class="field">
            <label for="quiet-start">{tn.quietStart}</label>
            <input id="quiet-start" name="quiet_hours_start" type="time" required value={settings.quiet_hours_start} disabled={!settings.quiet_hours} />
          </div>
          <div class="field">
            <label for="quiet-end">{tn.quietEnd}</label>
            <input id="quiet-end" name="quiet_hours_end" type="time" required value={settings.quiet_hours_end} disabled={!settings.quiet_hours} />
          </div>
        </div>
        <button type="submit" class="button" disabled={!settings.quiet_hours}>
          {tn.save}
        </button>
      </form>
      {message && (
        <p class={`notice ${message.ok ? 'notice-success' : 'notice-error'}`} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </>
  );
}

export function NotificationSettingsScreen() {
  const [resource, reload] = useResource<Settings>('/api/me/notification-settings');
  return (
    <section class="page">
      <p class="crumb">
        <a href="/app/benachrichtigungen">{tn.back}</a>
      </p>
      <h1>{tn.settingsTitle}</h1>
      <PushSection />
      <Load resource={resource} onRetry={reload}>
        {(data) => <SettingsForm initial={data} />}
      </Load>
    </section>
  );
}
