import type { ExpenseSummary } from '../../../api/types.js';
import { formatMoneyIn } from '../../../core/format.js';
import { expensesTexts } from './texts.js';

/** One currency's sums of a year (issue 53: amounts in two currencies are never added up). */
export type ChartSums = ExpenseSummary['by_currency'][number] & { year: number };
const MONTHS = ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];

/** Twelve bars, one per month (an SVG with a text table for screen readers). */
export function MonthChart({ summary }: { summary: ChartSums }) {
  const months = Object.entries(summary.by_month).sort(([a], [b]) => a.localeCompare(b));
  const max = Math.max(1, ...months.map(([, c]) => c));
  const w = 24;
  const gap = 6;
  const h = 120;
  return (
    <figure class="expense-chart">
      <figcaption>{expensesTexts.expenses.perMonth}</figcaption>
      <svg viewBox={`0 0 ${months.length * (w + gap)} ${h + 18}`} role="img" aria-label={expensesTexts.expenses.chartLabel(summary.year)}>
        {months.map(([month, cents], i) => {
          const bar = Math.round((cents / max) * h);
          return (
            <g key={month}>
              <rect x={i * (w + gap)} y={h - bar} width={w} height={Math.max(bar, cents > 0 ? 2 : 0)} rx={3} class="bar">
                <title>{`${MONTHS[i]}: ${formatMoneyIn(cents, summary.currency)}`}</title>
              </rect>
              <text x={i * (w + gap) + w / 2} y={h + 14} text-anchor="middle" class="axis">
                {MONTHS[i]}
              </text>
            </g>
          );
        })}
      </svg>
      <table class="visually-hidden">
        <caption>{expensesTexts.expenses.chartLabel(summary.year)}</caption>
        <tbody>
          {months.map(([month, cents], i) => (
            <tr key={month}>
              <th scope="row">{MONTHS[i]}</th>
              <td>{formatMoneyIn(cents, summary.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The categories with money spent, largest first, as proportional bars. */
export function CategorySplit({ summary }: { summary: ChartSums }) {
  const rows = Object.entries(summary.by_category)
    .filter(([, c]) => c > 0)
    .sort(([, a], [, b]) => b - a);
  if (rows.length === 0) return null;
  return (
    <div class="category-split">
      <h3>{expensesTexts.expenses.perCategory}</h3>
      <ul>
        {rows.map(([category, cents]) => {
          const share = Math.round((cents / Math.max(1, summary.total_cents)) * 100);
          return (
            <li key={category}>
              <span class="category-name">{expensesTexts.expenses.categories[category] ?? category}</span>
              <span class="category-bar" aria-hidden="true">
                <span style={{ width: `${Math.max(share, 2)}%` }} />
              </span>
              <span class="category-sum">
                {formatMoneyIn(cents, summary.currency)} <span class="muted">({share} %)</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
