import { LIMITS } from '../../../../shared/limits.js';
import { useState } from 'preact/hooks';
import type { Dog, Expense, ExpenseSummary } from '../../../api/types.js';
import { apiGet, apiHref } from '../../../core/api.js';
import { formatDate, formatMoney, todayInBerlin } from '../../../core/format.js';
import { RecordSection, type SectionDef } from '../../../ui/record-section.js';
import { Load, useResource } from '../../../ui/states.js';
import { NotesToggle } from '../notes/index.js';
import { centsOf } from './cents.js';
import { CategorySplit, MonthChart } from './expense-chart.js';
import { rx } from './texts.js';

const ex = rx.expenses;

function expenseSection(dog: Dog, onChange: () => void): SectionDef<Expense> {
  return {
    key: `ausgaben-${dog.id}`,
    title: ex.section(dog.name),
    path: 'expenses',
    canAdd: true,
    canEdit: true,
    canRemove: true,
    onChange,
    fields: [
      { name: 'date', label: ex.date, type: 'date', required: true, check: (v) => (v > todayInBerlin() ? rx.inFuture : null) },
      { name: 'amount', label: ex.amount, type: 'decimal', required: true, check: (v) => (centsOf(v) ? null : ex.amountInvalid) },
      {
        name: 'category',
        label: ex.category,
        type: 'select',
        required: true,
        options: Object.entries(ex.categories).map(([value, label]) => ({ value, label })),
      },
      { name: 'description', label: ex.description, max: LIMITS.body },
      { name: 'recurrence', label: ex.recurrence, type: 'select', options: Object.entries(ex.recurrences).map(([value, label]) => ({ value, label })) },
    ],
    toValues: (i) => ({
      date: String(i.date),
      amount: (Number(i.amount_cents) / 100).toFixed(2).replace('.', ','),
      category: String(i.category),
      description: String(i.description ?? ''),
      recurrence: String(i.recurrence),
    }),
    toBody: (v) => ({
      date: v.date,
      amount_cents: centsOf(v.amount ?? '') ?? 0,
      category: v.category || 'sonstiges',
      description: v.description?.trim() || null,
      recurrence: v.recurrence || 'none',
    }),
    label: (e) => `${ex.categories[e.category]} ${formatMoney(e.amount_cents)} (${formatDate(e.date)})`,
    render: (e) => (
      <>
        <strong>{formatMoney(e.amount_cents)}</strong> · {ex.categories[e.category]} · {formatDate(e.date)}
        {e.description && <span class="muted"> · {e.description}</span>}
        {e.recurrence !== 'none' && <span class="tag"> {ex.recurrences[e.recurrence]}</span>}
        {e.template_id !== null && <span class="tag"> {ex.auto}</span>}
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
      <h1>{ex.title}</h1>
      <Load resource={dogs} onRetry={reloadDogs}>
        {(d) => {
          const own = d.items;
          if (own.length === 0) return <p class="notice notice-info">{ex.noDogs}</p>;
          const shown = dogFilter ? own.filter((dog) => String(dog.id) === dogFilter) : own;
          return (
            <>
              <div class="filter-row">
                <label>
                  {ex.year}{' '}
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
                    {ex.dog}{' '}
                    <select value={dogFilter} onChange={(e) => setDogFilter((e.currentTarget as HTMLSelectElement).value)}>
                      <option value="">{ex.allDogs}</option>
                      {own.map((dog) => (
                        <option key={dog.id} value={String(dog.id)}>
                          {dog.name}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                <a href={apiHref('/api/expenses/export.csv', { params: { query: params } })} download>
                  {ex.csv}
                </a>
              </div>
              <section class="card" aria-labelledby="h-expense-sum">
                <Load resource={summary} onRetry={reloadSummary}>
                  {(s) => (
                    <>
                      <h2 id="h-expense-sum">{ex.total(formatMoney(s.total_cents), s.year)}</h2>
                      {s.total_cents === 0 ? (
                        <p class="muted">{ex.nothing}</p>
                      ) : (
                        <>
                          <MonthChart summary={s} />
                          <CategorySplit summary={s} />
                        </>
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
