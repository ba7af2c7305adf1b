import { api } from '../core/api.js';
import { todayInBerlin } from '../core/format.js';

/** The overdue reminders' end for one due date (POST …/dismiss-reminder): the owner's, on vaccinations and care routines. */
export function DismissReminderButton({
  path,
  nextDue,
  dismissedDue,
  onDone,
}: {
  path: string;
  nextDue: string | null;
  dismissedDue: string | null;
  onDone: () => void;
}) {
  if (!nextDue || nextDue > todayInBerlin() || dismissedDue === nextDue) return null;
  return (
    <button type="button" class="button button-secondary button-small" onClick={() => void api.post(`${path}/dismiss-reminder`, {}).then(onDone)}>
      Erinnerung ausblenden
    </button>
  );
}
