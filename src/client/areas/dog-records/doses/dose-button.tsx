import { useState } from 'preact/hooks';
import type { DoseTicked } from '../../../api/types.js';
import { api, errorMessage } from '../../../core/api.js';
import { ErrorNotice } from '../../../ui/states.js';
import { dosesTexts } from './texts.js';

/** What the tick needs of a medication (a health-tab row or a dashboard item's `dose`). */
interface DoseTarget {
  id: number;
  name: string;
  unit: string | null;
}

const clock = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });

/**
 * The tick of a dose (owner and caregivers): says who gave it when and the stock left, and undoes it. `onChange`
 * hears +1 after a tick and −1 after an undo; `done` hides the tick (the dashboard, once today's doses are given).
 */
export function DoseButton({
  medication,
  label = dosesTexts.tick,
  ariaLabel = dosesTexts.tickLabel,
  done = false,
  onChange,
}: {
  medication: DoseTarget;
  label?: string;
  ariaLabel?: (medication: string) => string;
  done?: boolean;
  onChange: (delta: 1 | -1) => void;
}) {
  const [last, setLast] = useState<DoseTicked | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (step: () => Promise<1 | -1>) => {
    setBusy(true);
    setError(null);
    try {
      onChange(await step());
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const tick = () =>
    run(async () => {
      setLast(await api.POST('/api/medications/{medicationId}/doses', { params: { path: { medicationId: medication.id } }, body: {} }));
      return 1;
    });
  const undo = (dose: DoseTicked) =>
    run(async () => {
      await api.DELETE('/api/doses/{doseId}', { params: { path: { doseId: dose.id } } });
      setLast(null);
      return -1;
    });
  return (
    <>
      {!done && (
        <button type="button" class="button button-small" disabled={busy} aria-label={ariaLabel(medication.name)} onClick={tick}>
          <span aria-hidden="true">✓ </span>
          {label}
        </button>
      )}
      {last && (
        <p class="small" role="status">
          {dosesTexts.givenBy(last.given_by_name, clock.format(new Date(last.given_at)))}
          {last.stock !== null && dosesTexts.stockLeft(last.stock, medication.unit)}{' '}
          <button
            type="button"
            class="button button-ghost button-small"
            disabled={busy}
            aria-label={dosesTexts.undoLabel(medication.name)}
            onClick={() => undo(last)}
          >
            {dosesTexts.undo}
          </button>
        </p>
      )}
      <ErrorNotice text={error} />
    </>
  );
}
