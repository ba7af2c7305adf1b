import { apiGet } from '../../../../core/api.js';
import { ItemList, Load, useResource } from '../../../../ui/states.js';
import { nearbyTexts } from '../texts.js';
import { WEEKDAYS } from './specs.js';

/** "Who walks when and where": others' slots on the same weekday that overlap in time, nearby. */
export function WalkSlotMatches({ id }: { id: number }) {
  const [matches, reload] = useResource(apiGet('/api/walk-slots/{id}/matches', { params: { path: { id } } }));
  return (
    <section aria-labelledby="matches-title">
      <h2 id="matches-title">{nearbyTexts.matches}</h2>
      <Load resource={matches} onRetry={reload}>
        {(m) => (
          <ItemList items={m.items} empty={nearbyTexts.noMatches} class="plain-list">
            {(s) => (
              <li key={s.id}>
                <a href={`/app/gassizeiten/${s.id}`}>
                  {WEEKDAYS[s.weekday]}, {s.start_time}–{s.end_time} Uhr
                </a>{' '}
                <span class="muted small">
                  {s.place_name ? `${s.place_name} · ` : ''}
                  {nearbyTexts.distance(s.distance_km)}
                </span>
              </li>
            )}
          </ItemList>
        )}
      </Load>
    </section>
  );
}
