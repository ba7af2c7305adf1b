import { patchOf } from '../../../core/http/schema-kit.js';
import { dateNotInFuture } from '../../../core/records/record-checks.js';
import type { RecordKind } from '../../../core/records/record-kind.js';
import { TrainingSession, TrainingSessionFields } from './training.schemas.js';

/** Training sessions on the per-dog record module. Caregivers may log sessions ('write'); the owner corrects and deletes. */
export const trainingSessions: RecordKind<TrainingSession> = {
  path: 'training-sessions',
  table: 'training_sessions',
  tag: 'Training',
  names: { one: 'Trainingseinheit', many: 'Trainingseinheiten' },
  item: TrainingSession,
  createBody: TrainingSessionFields.meta({ id: 'CreateTrainingSessionBody' }),
  patchBody: patchOf(TrainingSessionFields, 'UpdateTrainingSessionBody'),
  columns: ['id', 'dog_id', 'created_at', 'updated_at', 'date', 'skill', 'duration_min', 'rating', 'notes'],
  orderBy: 'date',
  wording: { missing: 'Diese Trainingseinheit gibt es nicht.', foreign: 'Diese Trainingseinheit gehört zu einem fremden Hund.' },
  maxPerDog: 20_000,
  needs: { create: 'write', change: 'manage', remove: 'manage' },
  check: (ctx, r) => dateNotInFuture(ctx, r, 'date', 'Das Training liegt in der Zukunft.'),
};
