import { dateInZone } from '../../../core/clock.js';
import { AppError, badRequest } from '../../../core/http/errors.js';
import { assertNotInFuture } from '../../../core/http/schema-kit.js';
import { patchOf, type RecordKind } from '../../../core/records/record-kind.js';
import { findDog } from '../dogs/index.js';
import { HeatCycle, HeatCycleFields } from './heat.schemas.js';

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * Heat cycles on the per-dog record module: only for female dogs (409 `not_female`), the end not before the start,
 * the start not in the future. The owner records them ('manage'); caregivers read.
 */
export const heatCycles: RecordKind<HeatCycle> = {
  path: 'heat-cycles',
  table: 'heat_cycles',
  tag: 'Läufigkeit',
  names: { one: 'Läufigkeit', many: 'Läufigkeiten' },
  item: HeatCycle,
  createBody: HeatCycleFields.meta({ id: 'CreateHeatCycleBody' }),
  patchBody: patchOf(HeatCycleFields, 'UpdateHeatCycleBody'),
  columns: ['id', 'dog_id', 'created_at', 'updated_at', 'start_date', 'end_date', 'notes'],
  orderBy: 'start_date',
  wording: { missing: 'Diese Läufigkeit gibt es nicht.', foreign: 'Diese Läufigkeit gehört zu einem fremden Hund.' },
  maxPerDog: 200,
  needs: { create: 'manage', change: 'manage', remove: 'manage' },
  check(ctx, r) {
    assertNotInFuture(str(r.start_date), dateInZone(ctx.clock.now(), ctx.config.timeZone), 'start_date', 'Der Beginn liegt in der Zukunft.');
    const start = str(r.start_date);
    const end = str(r.end_date);
    if (start && end && end < start) throw badRequest('Das Ende liegt vor dem Beginn.', { end_date: 'Das Ende liegt vor dem Beginn.' });
  },
  async checkDog(ctx, dogId) {
    const dog = await findDog(ctx.db, dogId);
    if (dog?.sex !== 'female') {
      throw new AppError(409, 'not_female', 'Läufigkeiten gibt es nur bei Hündinnen. Trag beim Hund „weiblich“ ein, wenn sie eine ist.');
    }
  },
};
