import { dateNotInFuture } from '#core/records/record-checks.js';
import { recordKindOf } from '#core/records/record-kind.js';
import { TrainingSession, TrainingSessionFields } from './training.schemas.js';

/** Training sessions on the per-dog record module. Caregivers may log sessions ('write'); the owner corrects and deletes. */
export const trainingSessions = recordKindOf('TrainingSession', TrainingSession, TrainingSessionFields, {
  path: 'training-sessions',
  table: 'training_sessions',
  tag: 'Training',
  names: { one: 'Trainingseinheit', many: 'Trainingseinheiten' },
  columns: ['date', 'skill', 'duration_min', 'rating', 'notes'],
  orderBy: 'date',
  wording: { missing: 'Diese Trainingseinheit gibt es nicht.', foreign: 'Diese Trainingseinheit gehört zu einem fremden Hund.' },
  maxPerDog: 20_000,
  needs: { create: 'write', change: 'manage', remove: 'manage' },
  idempotentCreate: true, // the app queues training sessions offline
  check: (ctx, r) => dateNotInFuture(ctx, r, 'date', 'Das Training liegt in der Zukunft.'),
});
