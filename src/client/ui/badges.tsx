import { t } from '../core/texts.js';

/** Plan badge first (admin, moderator, breeder, pro or free), then founder and partner (decisions.md). */
export function Badges({ badges, founderNumber }: { badges: string[]; founderNumber?: number | null }) {
  return (
    <ul class="badges" aria-label="Abzeichen">
      {badges.map((badge) => (
        <li key={badge} class={`badge badge-${badge}`} data-badge={badge}>
          {t.badge[badge] ?? badge}
          {badge === 'founder' && founderNumber ? ` #${founderNumber}` : ''}
        </li>
      ))}
    </ul>
  );
}
