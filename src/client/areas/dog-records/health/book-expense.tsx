import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../../core/api.js';
import { formatMoney } from '../../../core/format.js';
import type { VetVisit } from './health-api.js';
import { healthTexts } from './texts.js';

/**
 * A vet visit with a cost offers to book it as an expense (category Tierarzt, the visit's reason and day), so the
 * amount is not typed twice. Once booked, it says so and links to the expenses.
 */
export function BookExpenseButton({ visit }: { visit: VetVisit }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  if (visit.cost_cents === null) return null;
  if (state === 'done')
    return (
      <p class="small" role="status">
        {healthTexts.bookedExpense} <a href="/app/ausgaben">{healthTexts.toExpenses}</a>
      </p>
    );
  const book = async () => {
    setState('busy');
    setError(null);
    try {
      await api.POST('/api/dogs/{dogId}/expenses', {
        params: { path: { dogId: visit.dog_id } },
        body: {
          date: visit.date,
          amount_cents: visit.cost_cents ?? 0,
          category: 'tierarzt',
          description: visit.reason,
          recurrence: 'none',
        },
      });
      setState('done');
    } catch (e) {
      setError(errorMessage(e));
      setState('idle');
    }
  };
  return (
    <>
      <button type="button" class="button button-ghost button-small" disabled={state === 'busy'} onClick={() => void book()}>
        {healthTexts.bookExpense(formatMoney(visit.cost_cents))}
      </button>
      {error && (
        <p class="notice notice-error small" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
