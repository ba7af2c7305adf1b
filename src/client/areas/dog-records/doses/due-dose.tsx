import { useState } from 'preact/hooks';
import type { DueDose, DueSoonItem } from '../../../api/types.js';
import { DoseButton } from './dose-button.js';
import { dosesTexts } from './texts.js';

/**
 * A dose still due today on the dashboard's list (owner and caregivers): the line with today's count, which follows
 * the ticks here, and the "Gegeben" tick with who gave it and undo (issue 51).
 */
export function DueDoseItem({ item, dose }: { item: DueSoonItem; dose: DueDose }) {
  const [left, setLeft] = useState(dose.left);
  const text = dosesTexts.dueToday(dose.dog_name, dose.medication_name, left);
  return (
    <li class="due-dose" data-medication={dose.medication_id}>
      {item.url?.startsWith('/app') ? <a href={item.url}>{text}</a> : text}{' '}
      <DoseButton
        medication={{ id: dose.medication_id, name: dose.medication_name, unit: dose.unit }}
        label={dosesTexts.given}
        ariaLabel={dosesTexts.givenLabel}
        done={left <= 0}
        onChange={(delta) => setLeft((n) => n - delta)}
      />
    </li>
  );
}
