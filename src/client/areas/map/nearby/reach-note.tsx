import { apiGet } from '../../../core/api.js';
import { useResource } from '../../../ui/states.js';
import { nearbyTexts } from './texts.js';

/**
 * For the reporter (and the moderators): roughly how many people nearby the warning reaches by push or mail. The
 * server rounds it, so nothing about those people shows.
 */
export function ReachNote({ path, id }: { path: 'poison-warnings' | 'lost-dogs'; id: number }) {
  const [reach] = useResource(apiGet(`/api/${path}/{id}/reach`, { params: { path: { id } } }));
  if (reach.status !== 'ready') return null;
  return (
    <p class="notice notice-info reach-note" role="status" data-reach={reach.data.about}>
      {nearbyTexts.reach(reach.data.about, reach.data.at_most)}
    </p>
  );
}
