import type { AppContext } from '../context.js';
import { overdueStepDue, type OverdueState } from './overdue-schedule.js';
import { storeOverdueStep, type OverdueTable } from './overdue.repo.js';

/**
 * One record's overdue reminder at today's run: works out the step due (overdue-schedule.ts), lets `send` tell
 * everyone (its notify calls carry a dedupe key with the step, so a rerun or a second instance that read the same
 * state sends nothing twice), then stores the step with a compare-and-swap. Sending first means a crash between the
 * two is mended by the next run, whose dedupe keys stop a repeat. Answers how many were told.
 */
export async function remindOverdueStep(
  ctx: AppContext,
  table: OverdueTable,
  row: OverdueState & { id: number },
  today: string,
  send: (step: number) => Promise<number>,
): Promise<number> {
  const step = overdueStepDue(row, today);
  if (step === null) return 0;
  const sent = await send(step);
  await storeOverdueStep(ctx.db, table, row.id, row, step, today);
  return sent;
}
