import { useEffect } from 'preact/hooks';
import { loadSession, session } from '../../../core/session.js';
import type { ScreenProps } from '../../../core/screen.js';
import { accountsTexts } from './texts.js';

/** Where GET /api/auth/verify sends the browser: `/app/email-bestaetigt?ergebnis=ok|schon|ungueltig`. */
export function VerifyResultScreen({ query }: ScreenProps) {
  const result = query.get('ergebnis');
  const ok = result === 'ok';
  // A link clicked a second time: the address is confirmed, nothing is wrong.
  const already = result === 'schon';
  useEffect(() => {
    // The profile's "not verified" hint must disappear right away.
    if ((ok || already) && session.get().status === 'user') void loadSession();
  }, [ok, already]);
  const [title, text] = ok
    ? [accountsTexts.verify.okTitle, accountsTexts.verify.okText]
    : already
      ? [accountsTexts.verify.alreadyTitle, accountsTexts.verify.alreadyText]
      : [accountsTexts.verify.badTitle, accountsTexts.verify.badText];
  return (
    <section class="page page-narrow">
      <h1>{title}</h1>
      <p class={`notice ${ok || already ? 'notice-success' : 'notice-error'}`}>{text}</p>
      <a class="button" href="/app">
        {accountsTexts.verify.toApp}
      </a>
    </section>
  );
}

/** Where GET /api/me/email/confirm sends the browser: `/app/email-geaendert?ergebnis=ok|ungueltig|vergeben`. */
export function EmailChangedScreen({ query }: ScreenProps) {
  const result = query.get('ergebnis');
  const ok = result === 'ok';
  useEffect(() => {
    // The profile shows the address: the new one, right away.
    if (ok && session.get().status === 'user') void loadSession();
  }, [ok]);
  const ex = accountsTexts.emailChange;
  const [title, text] = ok ? [ex.okTitle, ex.okText] : result === 'vergeben' ? [ex.takenTitle, ex.takenText] : [ex.badTitle, ex.badText];
  return (
    <section class="page page-narrow">
      <h1>{title}</h1>
      <p class={`notice ${ok ? 'notice-success' : 'notice-error'}`}>{text}</p>
      <a class="button" href="/app/profil">
        {accountsTexts.verify.toProfile}
      </a>
    </section>
  );
}
