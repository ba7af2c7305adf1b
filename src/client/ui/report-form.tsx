import { useState } from 'preact/hooks';
import { errorMessage } from '../core/api.js';

/** The German words of the report form; the map's items bring their own (ui/map/texts.ts). */
export interface ReportTexts {
  reason: string;
  reasonMissing: string;
  send: string;
  sent: string;
}

/** For a person or a direct message. */
const rx: ReportTexts = {
  reason: 'Was ist passiert? (Nur die Moderation liest das.)',
  reasonMissing: 'Schreib kurz, was nicht in Ordnung ist.',
  send: 'Meldung schicken',
  sent: 'Danke! Die Moderation schaut sich das an.',
};

/**
 * "Melden": a button opens a reason field; once sent, a thank-you instead of the form. `send` is the typed report
 * call (POST { reason }); `label` names the button, `what` (if given) the thing for screen readers. People and direct
 * messages use it with these words, the map's items (ui/map/item-parts.tsx) with theirs.
 */
export function ReportForm({
  send,
  label,
  what,
  texts = rx,
}: {
  send: (body: { reason: string }) => Promise<unknown>;
  label: string;
  what?: string;
  texts?: ReportTexts;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<{ text: string; error: boolean } | null>(null);
  if (state && !state.error)
    return (
      <p class="notice notice-success small" role="status">
        {state.text}
      </p>
    );
  return (
    <div class="report-item">
      <button
        type="button"
        class="button button-ghost button-small"
        aria-expanded={open}
        aria-label={what ? `${label}: ${what}` : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <form
          class="form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!reason.trim()) return setState({ text: texts.reasonMissing, error: true });
            try {
              await send({ reason: reason.trim() });
              setState({ text: texts.sent, error: false });
            } catch (err) {
              setState({ text: errorMessage(err), error: true });
            }
          }}
        >
          <label class="field">
            <span>{texts.reason}</span>
            <textarea rows={3} maxLength={1000} value={reason} onInput={(e) => setReason((e.currentTarget as HTMLTextAreaElement).value)} />
          </label>
          {state?.error && (
            <p class="notice notice-error" role="alert">
              {state.text}
            </p>
          )}
          <button type="submit" class="button button-secondary button-small">
            {texts.send}
          </button>
        </form>
      )}
    </div>
  );
}
