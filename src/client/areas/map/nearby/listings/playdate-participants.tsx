import type { PlaydateParticipant } from '../../../../api/types.js';
import { ErrorNotice, ItemList } from '../../../../ui/states.js';
import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../../../core/api.js';
import { session } from '../../../../core/session.js';
import { useStore } from '../../../../core/store.js';
import { useDogs } from '../../../dog-records/dogs/dogs-api.js';
import { nearbyTexts } from '../texts.js';

/** Who comes (a female dog's heat only where its owner shares it); one's own dogs join or leave. */
export function PlaydateParticipants({ playdate, onChange }: { playdate: Record<string, unknown> & { id: number }; onChange: () => void }) {
  const participants = (playdate.participants as PlaydateParticipant[] | undefined) ?? [];
  const state = useStore(session);
  const me = state.status === 'user' ? state.user.id : 0;
  const [dogs] = useDogs();
  const own = dogs.status === 'ready' ? dogs.data.items.filter((d) => d.user_id === me && !participants.some((p) => p.dog_id === d.id)) : [];
  const [dogId, setDogId] = useState('');
  const [shareHeat, setShareHeat] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = typeof playdate.max_dogs === 'number' && participants.length >= playdate.max_dogs;
  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      onChange();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const chosen = dogId || String(own[0]?.id ?? '');
  return (
    <section class="playdate-participants" aria-labelledby="participants-title">
      <h2 id="participants-title">
        {nearbyTexts.participants} ({participants.length}
        {typeof playdate.max_dogs === 'number' ? ` / ${playdate.max_dogs}` : ''})
      </h2>
      {
        <ItemList items={participants} empty={nearbyTexts.noParticipants} class="plain-list">
          {(p) => (
            <li key={p.dog_id}>
              {p.dog_name} {p.in_heat && <span class="tag tag-warning">{nearbyTexts.inHeat}</span>}{' '}
              {p.mine && (
                <button
                  type="button"
                  class="button button-ghost button-small"
                  onClick={() =>
                    act(() => api.DELETE('/api/playdates/{id}/participants', { params: { path: { id: playdate.id } }, body: { dog_id: p.dog_id } }))
                  }
                >
                  {nearbyTexts.leave}
                </button>
              )}
            </li>
          )}
        </ItemList>
      }
      {full ? (
        <p class="muted">{nearbyTexts.full}</p>
      ) : dogs.status === 'ready' && own.length === 0 && !participants.some((p) => p.mine) ? (
        <p class="muted">{nearbyTexts.noDogs}</p>
      ) : own.length > 0 ? (
        <form
          class="form form-inline"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() =>
              api.POST('/api/playdates/{id}/participants', { params: { path: { id: playdate.id } }, body: { dog_id: Number(chosen), share_heat: shareHeat } }),
            );
          }}
        >
          <label class="field">
            <span>{nearbyTexts.joinWith}</span>
            <select value={chosen} onChange={(e) => setDogId((e.currentTarget as HTMLSelectElement).value)}>
              {own.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
          <label class="field-check">
            <input type="checkbox" checked={shareHeat} onChange={(e) => setShareHeat((e.currentTarget as HTMLInputElement).checked)} /> {nearbyTexts.shareHeat}
          </label>
          <button type="submit" class="button">
            {nearbyTexts.join}
          </button>
        </form>
      ) : null}
      <ErrorNotice text={error} />
    </section>
  );
}
