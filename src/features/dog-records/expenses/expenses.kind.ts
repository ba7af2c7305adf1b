import { patchOf } from '#core/http/route/schema-kit.js';
import { dateNotInFuture } from '#core/records/record-checks.js';
import { recordKindOf } from '#core/records/record-kind.js';
import { placeOfUser } from '../../accounts/place/index.js';
import { Expense, ExpenseFields } from './expenses.schemas.js';
import { materialiseTemplate } from './materialise.js';

/**
 * Expenses on the per-dog record module, the owner's alone: caregivers neither see nor add them ('manage' for
 * everything, decisions: family sharing). A recurring expense is a template; saving it makes its due occurrences
 * at once (the daily job does the same for the days after).
 */
export const expenses = recordKindOf('Expense', Expense, ExpenseFields, {
  path: 'expenses',
  table: 'expenses',
  tag: 'Ausgaben',
  names: { one: 'Ausgabe', many: 'Ausgaben' },
  // No default on a patch: a change of the amount alone must not reset the recurrence.
  patchBody: patchOf(ExpenseFields.extend({ recurrence: ExpenseFields.shape.recurrence.removeDefault() }), 'UpdateExpenseBody'),
  columns: ['date', 'amount_cents', 'category', 'description', 'recurrence', 'template_id', 'occurrence', 'currency'],
  orderBy: 'date',
  wording: { missing: 'Diese Ausgabe gibt es nicht.', foreign: 'Diese Ausgabe gehört zu einem fremden Hund.' },
  maxPerDog: 50_000,
  needs: { list: 'manage', create: 'manage', change: 'manage', remove: 'manage' },
  // Money follows the country (issue 53): a Swiss owner's new expense is in francs unless the body says otherwise.
  defaults: async (ctx, dog) => ({ currency: (await placeOfUser(ctx, dog.owner_id)).currency }),
  check: (ctx, r) => dateNotInFuture(ctx, r, 'date', 'Die Ausgabe liegt in der Zukunft. Wiederkehrende Ausgaben legt die App selbst an, wenn sie fällig sind.'),
  async afterSave(ctx, row) {
    await materialiseTemplate(ctx, row as unknown as Expense);
  },
});
