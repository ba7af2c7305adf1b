import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { idBatches } from '#core/id-batches.js';
import { insertOccurrences, lastOccurrences, templatesAfter, type OccurrenceRow, type TemplateRow } from './expenses.repo.js';
import type { Recurrence } from './expenses.schemas.js';
import { dueOccurrences } from './recurrence.js';

function dueRows(templates: readonly TemplateRow[], last: Map<number, number>, today: string): OccurrenceRow[] {
  return templates.flatMap((template) =>
    dueOccurrences(template.date, template.recurrence as Recurrence, last.get(template.id) ?? 0, today).map((o) => ({ template, ...o })),
  );
}

/** Makes every due occurrence of the recurring templates (in batches); answers how many rows were new. */
export async function materialiseAll(ctx: AppContext): Promise<number> {
  const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
  const now = ctx.clock.now().toISOString();
  let made = 0;
  for await (const templates of idBatches((afterId, size) => templatesAfter(ctx.db, afterId, size))) {
    const last = await lastOccurrences(
      ctx.db,
      templates.map((t) => t.id),
    );
    made += await insertOccurrences(ctx.db, dueRows(templates, last, today), now);
  }
  return made;
}

/** The same for one template right after it was saved, so a backdated one shows its months at once. */
export async function materialiseTemplate(ctx: AppContext, template: TemplateRow): Promise<void> {
  if (template.recurrence === 'none') return;
  const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
  const last = await lastOccurrences(ctx.db, [template.id]);
  await insertOccurrences(ctx.db, dueRows([template], last, today), ctx.clock.now().toISOString());
}
