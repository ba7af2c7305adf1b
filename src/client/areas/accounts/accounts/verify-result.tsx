import { useEffect } from 'preact/hooks';
import { loadSession, session } from '../../../core/session.js';
import type { ScreenProps } from '../../../core/screen.js';
import { tx } from './texts.js';

/** Where GET /api/auth/verify sends the browser: `/app/email-bestaetigt?ergebnis=ok|ungueltig`. */
export function VerifyResultScreen({ query }: ScreenProps) {
  const ok = query.get('ergebnis') === 'ok';
  useEffect(() => {
    // The profile's "not verified" hint must disappear right away.
    if (ok && session.get().status === 'user') void loadSession();
  }, [ok]);
  return (
    <section class="page page-narrow">
      <h1>{ok ? tx.verify.okTitle : tx.verify.badTitle}</h1>
      <p class={`notice ${ok ? 'notice-success' : 'notice-error'}`}>{ok ? tx.verify.okText : tx.verify.badText}</p>
      <a class="button" href="/app">
        {tx.verify.toApp}
      </a>
    </section>
  );
}
