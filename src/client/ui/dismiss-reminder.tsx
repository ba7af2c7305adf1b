import { todayInBerlin } from '../core/format.js';

/** The overdue reminders' end for one due date (POST …/dismiss-reminder): the owner's, on vaccinations and care routines. */
export function DismissReminderButton({
  dismiss,
  nextDue,
  dismissedDue,
  onDone,
}: {
  /** The typed POST …/dismiss-reminder. */
  dismiss: () => Promise<unknown>;
  nextDue: string | null;
  dismissedDue: string | null;
  onDone: () => void;
}) {
  if (!nextDue || nextDue > todayInBerlin() || dismissedDue === nextDue) return null;
  return (
    <button type="button" class="button button-secondary button-small" onClick={() => void dismiss().then(onDone)}>
      Erinnerung ausblenden
    </button>
  );
}
