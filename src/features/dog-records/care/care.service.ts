import type { Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { changeRecord } from '#core/records/record-kind.js';
import { careRoutines } from './care.kind.js';
import type { CareRoutine } from './care.schemas.js';

/** One tap "erledigt": last_done = the day (today by default), next_due follows. Caregivers may tick ('write'). */
export function markDone(ctx: AppContext, actor: Actor, id: number, date: string | undefined): Promise<CareRoutine> {
  return changeRecord(ctx, actor, careRoutines, id, { last_done: date ?? dateInZone(ctx.clock.now(), ctx.config.timeZone) }, 'write');
}
