import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, errorMessage, apiGet } from '../../../core/api.js';
import { isStaff, session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import type { NotificationSettings } from '../../../api/types.js';
import { needsHomeScreenForPush } from '../../../core/install.js';
import { HomeScreenGuide, InstallOffer } from '../../../ui/install-guide.js';
import { ErrorNotice, Load, useResource, OutcomeNotice, type Outcome } from '../../../ui/states.js';
import { disablePush, enablePush, pushState, PushTimeoutError, type PushState } from './push-client.js';
import { tn } from './texts.js';

type Settings = NotificationSettings;
type KindKey = keyof typeof tn.kinds & keyof Settings;

/** Permission is asked only here, after the user pressed the button below the explanation. */
function PushSection({ state, setState }: { state: PushState | 'loading'; setState: (state: PushState) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
      {state === 'unsupported' && (needsHomeScreenForPush() ? <HomeScreenGuide /> : <p>{tn.pushUnsupported}</p>)}
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

function SettingsForm({ initial, push }: { initial: Settings; push: PushState | 'loading' }) {
  const [settings, setSettings] = useState(initial);
  const [message, setMessage] = useState<Outcome | null>(null);

  const save = async (change: Partial<Settings>) => {
    setMessage(null);
    try {
      setSettings(await api.PATCH('/api/me/notification-settings', { body: change }));
      setMessage({ ok: true, text: tn.saved });
    } catch (e) {
      setMessage({ ok: false, text: errorMessage(e) });
    }
  };
  const state = useStore(session);
  const staff = state.status === 'user' && isStaff(state.user);
  // Only admins and moderators get the queue's news; nobody else needs its switch.
  const kinds = (Object.keys(tn.kinds) as KindKey[]).filter((k) => k in settings && (staff || k !== 'moderation'));

  return (
    <>
      <WarningChannels settings={settings} push={push} onMail={(safety_mail) => void save({ safety_mail })} />
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
      <OutcomeNotice outcome={message} />
    </>
  );
}

/**
 * One place that says which ways warnings near the home area reach the user on this device (push here, mail, only in
 * the app) and what to do to get more: a home area, push (on iPhone from the home-screen app), mail.
 */
function WarningChannels({ settings, push, onMail }: { settings: Settings; push: PushState | 'loading'; onMail: (choice: Settings['safety_mail']) => void }) {
  const pushHere = push === 'on';
  return (
    <section class="card settings-block" aria-labelledby="warnings-title" data-warning-channels>
      <h2 id="warnings-title">{tn.warningsTitle}</h2>
      {!settings.home_area ? (
        <p class="notice notice-warning">
          {tn.warningsNoHome} <a href="/app/heimatgebiet">{tn.warningsSetHome}</a>
        </p>
      ) : (
        <ul class="plain-list warning-channels">
          <li data-channel="push">{pushHere ? tn.channelPushHere : settings.push_devices > 0 ? tn.channelPushElsewhere : tn.channelNoPush}</li>
          <li data-channel="mail">{settings.safety_mail_active ? tn.channelMail : tn.channelNoMail}</li>
          <li data-channel="app">{tn.channelApp}</li>
        </ul>
      )}
      <div class="field">
        <label for="safety-mail">{tn.mailLabel}</label>
        <select id="safety-mail" value={settings.safety_mail} onChange={(e) => onMail(e.currentTarget.value as Settings['safety_mail'])}>
          <option value="auto">{tn.mailAuto}</option>
          <option value="on">{tn.mailOn}</option>
          <option value="off">{tn.mailOff}</option>
        </select>
        <p class="hint">{tn.mailHint}</p>
      </div>
      <InstallOffer />
    </section>
  );
}

export function NotificationSettingsScreen() {
  const [resource, reload] = useResource(apiGet('/api/me/notification-settings'));
  const [push, setPush] = useState<PushState | 'loading'>('loading');
  useEffect(() => {
    pushState().then(setPush, () => setPush('unsupported'));
  }, []);
  return (
    <section class="page">
      <p class="crumb">
        <a href="/app/benachrichtigungen">{tn.back}</a>
      </p>
      <h1>{tn.settingsTitle}</h1>
      <PushSection state={push} setState={setPush} />
      <Load resource={resource} onRetry={reload}>
        {(data) => <SettingsForm initial={data} push={push} />}
      </Load>
    </section>
  );
}
