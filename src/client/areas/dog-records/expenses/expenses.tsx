import type { RecordBody } from '../../../core/api-types.js';
import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import type { Dog, Expense } from '../../../api/types.js';
import { apiGet, apiHref } from '../../../core/api.js';
import { formatDate, formatMoneyIn, todayInBerlin } from '../../../core/format.js';
import { RecordSection, type SectionDef } from '../../../ui/record-section.js';
import { Load, useResource } from '../../../ui/states.js';
import { NotesToggle } from '../notes/index.js';
import { centsOf } from './cents.js';
import { CategorySplit, MonthChart } from './expense-chart.js';
import { expensesTexts } from './texts.js';

function expenseSection(dog: Dog, onChange: () => void): SectionDef<Expense, 'expenses'> {
  return {
    key: `ausgaben-${dog.id}`,
    title: expensesTexts.expenses.section(dog.name),
    path: 'expenses',
    canAdd: true,
    canEdit: true,
    canRemove: true,
    onChange,
    fields: [
      { name: 'date', label: expensesTexts.expenses.date, type: 'date', required: true, check: (v) => (v > todayInBerlin() ? expensesTexts.inFuture : null) },
      { name: 'currency', label: expensesTexts.expenses.currency, type: 'select', options: expensesTexts.expenses.currencies },
      {
        name: 'amount',
        label: expensesTexts.expenses.amount,
        type: 'decimal',
        required: true,
        check: (v) => (centsOf(v) ? null : expensesTexts.expenses.amountInvalid),
      },
      {
        name: 'category',
        label: expensesTexts.expenses.category,
        type: 'select',
        required: true,
        options: Object.entries(expensesTexts.expenses.categories).map(([value, label]) => ({ value, label })),
      },
      { name: 'description', label: expensesTexts.expenses.description, max: LIMITS.body },
      {
        name: 'recurrence',
        label: expensesTexts.expenses.recurrence,
        type: 'select',
        options: Object.entries(expensesTexts.expenses.recurrences).map(([value, label]) => ({ value, label })),
      },
    ],
    toValues: (i) => ({
      date: String(i.date),
      amount: (Number(i.amount_cents) / 100).toFixed(2).replace('.', ','),
      currency: String(i.currency),
      category: String(i.category),
      description: String(i.description ?? ''),
      recurrence: String(i.recurrence),
    }),
    toBody: (v) => ({
      date: v.date ?? '',
      amount_cents: centsOf(v.amount ?? '') ?? 0,
      // Empty: the server takes the currency of the profile's country.
      ...(v.currency === 'EUR' || v.currency === 'CHF' ? { currency: v.currency } : {}),
      category: (v.category || 'sonstiges') as RecordBody<'expenses'>['category'],
      description: v.description?.trim() || null,
      recurrence: (v.recurrence || 'none') as RecordBody<'expenses'>['recurrence'],
    }),
    label: (e) => `${expensesTexts.expenses.categories[e.category]} ${formatMoneyIn(e.amount_cents, e.currency)} (${formatDate(e.date)})`,
    render: (e) => (
      <>
        <strong>{formatMoneyIn(e.amount_cents, e.currency)}</strong> · {expensesTexts.expenses.categories[e.category]} · {formatDate(e.date)}
        {e.description && <span class="muted"> · {e.description}</span>}
        {e.recurrence !== 'none' && <span class="tag"> {expensesTexts.expenses.recurrences[e.recurrence]}</span>}
        {e.template_id !== null && <span class="tag"> {expensesTexts.expenses.auto}</span>}
      </>
    ),
    below: (e) => <NotesToggle parentType="expense" parentId={e.id} />,
  };
}

/** /app/ausgaben: the year in bars and categories, CSV for Excel, and each dog's expenses (the owner's dogs only). */
export function ExpensesScreen() {
  const thisYear = Number(todayInBerlin().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [dogFilter, setDogFilter] = useState('');
  const [dogs, reloadDogs] = useResource(apiGet('/api/dogs', { params: { query: { limit: 200 } } }));
  const params = { year, dog_id: dogFilter ? Number(dogFilter) : undefined };
  const [summary, reloadSummary] = useResource(apiGet('/api/expenses/summary', { params: { query: params } }));
  return (
    <section class="page page-narrow expenses">
      <h1>{expensesTexts.expenses.title}</h1>
      <Load resource={dogs} onRetry={reloadDogs}>
        {(d) => {
          const own = d.items;
          if (own.length === 0) return <p class="notice notice-info">{expensesTexts.expenses.noDogs}</p>;
          const shown = dogFilter ? own.filter((dog) => String(dog.id) === dogFilter) : own;
          return (
            <>
              <div class="filter-row">
                <label>
                  {expensesTexts.expenses.year}{' '}
                  <select value={year} onChange={(e) => setYear(Number((e.currentTarget as HTMLSelectElement).value))}>
                    {[0, 1, 2, 3, 4].map((i) => (
                      <option key={i} value={thisYear - i}>
                        {thisYear - i}
                      </option>
                    ))}
                  </select>
                </label>
                {own.length > 1 && (
                  <label>
                    {expensesTexts.expenses.dog}{' '}
                    <select value={dogFilter} onChange={(e) => setDogFilter((e.currentTarget as HTMLSelectElement).value)}>
                      <option value="">{expensesTexts.expenses.allDogs}</option>
                      {own.map((dog) => (
                        <option key={dog.id} value={String(dog.id)}>
                          {dog.name}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                <a href={apiHref('/api/expenses/export.csv', { params: { query: params } })} download>
                  {expensesTexts.expenses.csv}
                </a>
              </div>
              <section class="card" aria-labelledby="h-expense-sum">
                <Load resource={summary} onRetry={reloadSummary}>
                  {(s) => (
                    <>
                      <h2 id="h-expense-sum">{expensesTexts.expenses.total(formatMoneyIn(s.total_cents, s.currency), s.year)}</h2>
                      {s.by_currency
                        .filter((c) => c.currency !== s.currency && c.total_cents > 0)
                        .map((c) => (
                          <p key={c.currency} class="muted">
                            {expensesTexts.expenses.alsoIn(formatMoneyIn(c.total_cents, c.currency))}
                          </p>
                        ))}
                      {s.by_currency.every((c) => c.total_cents === 0) ? (
                        <p class="muted">{expensesTexts.expenses.nothing}</p>
                      ) : (
                        s.by_currency
                          .filter((c) => c.total_cents > 0)
                          .map((c) => (
                            <div key={c.currency} data-currency={c.currency}>
                              {s.by_currency.length > 1 && <h3>{c.currency}</h3>}
                              <MonthChart summary={{ ...c, year: s.year }} />
                              <CategorySplit summary={{ ...c, year: s.year }} />
                            </div>
                          ))
                      )}
                    </>
                  )}
                </Load>
              </section>
              {shown.map((dog) => (
                <RecordSection key={dog.id} def={expenseSection(dog, reloadSummary)} dogId={dog.id} />
              ))}
            </>
          );
        }}
      </Load>
    </section>
  );
}
