import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../../core/api.js';
import { ErrorNotice } from '../../../ui/states.js';
import type { Medication } from './health-api.js';

interface Ticked {
  id: number;
  given_at: string;
  given_by_name: string | null;
  stock: number | null;
}

const clock = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });

/** "Gabe abhaken" on a medication (owner and caregivers): says who gave it when, the stock left, and undoes it. */
export function DoseButton({ medication, onChange }: { medication: Medication; onChange: () => void }) {
  const [last, setLast] = useState<Ticked | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
      onChange();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        class="button button-small"
        disabled={busy}
        aria-label={`${medication.name}: Gabe abhaken`}
        onClick={() =>
          run(async () => setLast(await api.POST('/api/medications/{medicationId}/doses', { params: { path: { medicationId: medication.id } }, body: {} })))
        }
      >
        ✓ Gabe abhaken
      </button>
      {last && (
        <p class="small" role="status">
          Gegeben von {last.given_by_name ?? 'dir'} um {clock.format(new Date(last.given_at))}
          {last.stock !== null && ` · noch ${last.stock} ${medication.unit ?? ''}`.trimEnd()}{' '}
          <button
            type="button"
            class="button button-ghost button-small"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await api.DELETE('/api/doses/{doseId}', { params: { path: { doseId: last.id } } });
                setLast(null);
              })
            }
          >
            Rückgängig
          </button>
        </p>
      )}
      <ErrorNotice text={error} />
    </>
  );
}
