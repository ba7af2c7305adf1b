import { useState } from 'preact/hooks';
import type { CalendarFeed } from '../../../api/types.js';
import { api, errorMessage, apiGet } from '../../../core/api.js';
import { formatDay } from '../../../core/format.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { useQrPng } from '../../../ui/qr-code.js';
import { Load, useResource } from '../../../ui/states.js';
import { calendarFeedTexts } from './texts.js';

type Action = 'on' | 'renew' | 'off';

/**
 * /app/profil/kalender: the calendar feed (decisions: Calendar feed). Off, one button switches it on; on, the
 * address to copy, to open in the calendar app (webcal:) or to scan with the phone, renew and switch off, each
 * change confirmed first because subscribed calendars lose the old address.
 */
export function CalendarFeedScreen() {
  const [status, reload, mutate] = useResource(apiGet('/api/me/calendar-feed'));
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState<'renew' | 'off' | null>(null);
  // The last change asked about: the dialog keeps its words while it closes.
  const [asked, setAsked] = useState<'renew' | 'off'>('renew');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const run = async (action: Action) => {
    setBusy(action);
    setError(null);
    setNote(null);
    try {
      if (action === 'off') {
        await api.DELETE('/api/me/calendar-feed');
        mutate(() => ({ feed: null }));
        setNote(calendarFeedTexts.switchedOff);
      } else {
        const feed = await api.POST(action === 'on' ? '/api/me/calendar-feed' : '/api/me/calendar-feed/rotate');
        mutate(() => ({ feed }));
        if (action === 'renew') setNote(calendarFeedTexts.renewed);
      }
      setConfirming(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const ask =
    asked === 'off'
      ? { title: calendarFeedTexts.switchOffTitle, confirm: calendarFeedTexts.switchOffConfirm, text: calendarFeedTexts.switchOffText, tone: 'danger' as const }
      : { title: calendarFeedTexts.renewTitle, confirm: calendarFeedTexts.renewConfirm, text: calendarFeedTexts.renewText, tone: 'primary' as const };
  const askFor = (action: 'renew' | 'off') => {
    setAsked(action);
    setError(null);
    setConfirming(action);
  };

  return (
    <section class="page page-narrow calendar-feed">
      <h1>{calendarFeedTexts.title}</h1>
      <p>{calendarFeedTexts.intro}</p>
      {note && (
        <p class="notice notice-success" role="status">
          {note}
        </p>
      )}
      {/* Errors of the confirmed actions show in their dialog; this one is for switching on. */}
      {error && !confirming && (
        <p class="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {/* The address first (what a returning user comes for), the warning right below it, then the details. */}
      <Load resource={status} onRetry={reload}>
        {(data) =>
          data.feed ? (
            <FeedOn feed={data.feed} busy={busy} onAsk={askFor} />
          ) : (
            <>
              <section class="card" aria-labelledby="feed-address">
                <h2 id="feed-address">{calendarFeedTexts.address}</h2>
                <p class="muted">{calendarFeedTexts.off}</p>
                <button type="button" class="button" onClick={() => void run('on')} disabled={busy !== null}>
                  {busy === 'on' ? calendarFeedTexts.switchingOn : calendarFeedTexts.switchOn}
                </button>
              </section>
              <SecretNotice />
              <WhatIsIn />
            </>
          )
        }
      </Load>
      {/* One dialog for both changes (ConfirmDialog names itself by a fixed id, so two would share one name). */}
      <ConfirmDialog
        open={confirming !== null}
        title={ask.title}
        confirmLabel={ask.confirm}
        tone={ask.tone}
        busy={busy !== null}
        error={error}
        onConfirm={() => void run(asked)}
        onCancel={() => setConfirming(null)}
      >
        <p>{ask.text}</p>
      </ConfirmDialog>
      <p class="link-row">
        <a href="/app/profil">{calendarFeedTexts.toProfile}</a>
      </p>
    </section>
  );
}

function FeedOn({ feed, busy, onAsk }: { feed: CalendarFeed; busy: Action | null; onAsk: (action: 'renew' | 'off') => void }) {
  return (
    <>
      <section class="card feed-address" aria-labelledby="feed-address">
        <h2 id="feed-address">{calendarFeedTexts.address}</h2>
        <CopyField url={feed.url} />
        <p class="muted small">{calendarFeedTexts.since(formatDay(feed.created_at))}</p>
        <p class="link-row">
          {/* webcal: hands the address to the device's calendar app (Apple Kalender, Outlook) as a subscription. */}
          <a class="button button-secondary button-small" href={feed.url.replace(/^https?:/, 'webcal:')}>
            {calendarFeedTexts.openInCalendar}
          </a>
        </p>
      </section>
      <SecretNotice />
      <section class="card feed-qr" aria-labelledby="feed-qr">
        <h2 id="feed-qr">{calendarFeedTexts.qrTitle}</h2>
        <p class="muted">{calendarFeedTexts.qrHint}</p>
        <FeedQr url={feed.url} />
      </section>
      <section class="card" aria-labelledby="feed-how">
        <h2 id="feed-how">{calendarFeedTexts.howTitle}</h2>
        <dl class="feed-how">
          {calendarFeedTexts.how.map(([app, steps]) => (
            <div key={app}>
              <dt>{app}</dt>
              <dd>{steps}</dd>
            </div>
          ))}
        </dl>
        <p class="muted small">{calendarFeedTexts.howNote}</p>
      </section>
      <WhatIsIn />
      <p class="link-row">
        <button type="button" class="button button-secondary" onClick={() => onAsk('renew')} disabled={busy !== null}>
          {calendarFeedTexts.renew}
        </button>
        <button type="button" class="button button-danger" onClick={() => onAsk('off')} disabled={busy !== null}>
          {calendarFeedTexts.switchOff}
        </button>
      </p>
    </>
  );
}

/** Decisions: the screen says plainly that the address is the key. */
function SecretNotice() {
  return (
    <div class="notice notice-warning">
      <p>
        <strong>{calendarFeedTexts.secretTitle}.</strong> {calendarFeedTexts.secret}
      </p>
    </div>
  );
}

function WhatIsIn() {
  return (
    <section class="card" aria-labelledby="feed-what">
      <h2 id="feed-what">{calendarFeedTexts.whatTitle}</h2>
      <ul class="plain-list">
        {calendarFeedTexts.what.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** The address in a read-only field (selected on focus, to copy by hand) and a button that copies it. */
function CopyField({ url }: { url: string }) {
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  const doCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('done');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div class="field">
      <label for="feed-url" class="visually-hidden">
        {calendarFeedTexts.address}
      </label>
      <div class="copy-row">
        <input id="feed-url" type="text" readOnly value={url} spellcheck={false} onFocus={(e) => e.currentTarget.select()} onInput={() => setCopy('idle')} />
        <button type="button" class="button button-small" onClick={() => void doCopy()}>
          {calendarFeedTexts.copy}
        </button>
      </div>
      {copy !== 'idle' && (
        <p class={copy === 'done' ? 'hint' : 'field-error'} role={copy === 'done' ? 'status' : 'alert'}>
          {copy === 'done' ? calendarFeedTexts.copied : calendarFeedTexts.copyFailed}
        </p>
      )}
    </div>
  );
}

function FeedQr({ url }: { url: string }) {
  const png = useQrPng(url, { width: 480, margin: 2 });
  return png ? <img class="qr" src={png} alt={calendarFeedTexts.qrAlt} width={220} height={220} /> : null;
}
