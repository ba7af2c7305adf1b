import { AppError } from '#core/http/route/errors.js';
import { dateNotInFuture, notBefore } from '#core/records/record-checks.js';
import { recordKindOf } from '#core/records/record-kind.js';
import { findDog } from '../dogs/index.js';
import { HeatCycle, HeatCycleFields } from './heat.schemas.js';

/**
 * Heat cycles on the per-dog record module: only for female dogs (409 `not_female`), the end not before the start,
 * the start not in the future. The owner records them ('manage'); caregivers read.
 */
export const heatCycles = recordKindOf('HeatCycle', HeatCycle, HeatCycleFields, {
  path: 'heat-cycles',
  table: 'heat_cycles',
  tag: 'Läufigkeit',
  names: { one: 'Läufigkeit', many: 'Läufigkeiten' },
  columns: ['start_date', 'end_date', 'notes'],
  orderBy: 'start_date',
  wording: { missing: 'Diese Läufigkeit gibt es nicht.', foreign: 'Diese Läufigkeit gehört zu einem fremden Hund.' },
  maxPerDog: 200,
  needs: { create: 'manage', change: 'manage', remove: 'manage' },
  check(ctx, r) {
    dateNotInFuture(ctx, r, 'start_date', 'Der Beginn liegt in der Zukunft.');
    notBefore(r, 'start_date', 'end_date', 'Das Ende liegt vor dem Beginn.');
  },
  async checkDog(ctx, dogId) {
    const dog = await findDog(ctx.db, dogId);
    if (dog?.sex !== 'female') {
      throw new AppError(409, 'not_female', 'Läufigkeiten gibt es nur bei Hündinnen. Trag beim Hund „Hündin“ ein, wenn sie eine ist.');
    }
  },
});
