import type { BodyOf } from '../../../core/api-types.js';
import { formatDateTime } from '../../../core/format.js';
import { submitWrite } from '../../../core/offline-queue.js';
import { walksTexts } from './texts.js';

/** Saves a walk (recorded or added later), or queues it while offline, named in the queue by its start and minutes. */
export function saveWalk(body: BodyOf<'/api/walks', 'post'>) {
  return submitWrite({
    kind: 'walk',
    dogId: null,
    path: '/api/walks',
    init: { body },
    label: walksTexts.queuedLabel(formatDateTime(body.started_at), body.duration_min),
  });
}
