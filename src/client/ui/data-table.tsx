import type { ComponentChildren } from 'preact';
import { Empty } from './states.js';

/** One column: its header (hidden visually for an actions column, still read by screen readers) and its cell. */
export interface Column<T> {
  header: string;
  hideHeader?: boolean;
  /** Right-aligned figures (money, counts). */
  numeric?: boolean;
  cell: (row: T) => ComponentChildren;
  /** Extra class for the cells (e.g. "row-actions"). */
  class?: string;
}

interface DataTableProps<T> {
  /** What the table lists; read by screen readers as the table's name. */
  caption: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** Data attributes for a row (tests and styles find rows by them). */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** Shown instead of the table when there are no rows. */
  emptyTitle: string;
}

/**
 * The table every admin and record list uses: real table semantics (caption, column headers with scope) inside a
 * card that scrolls sideways on a phone instead of squeezing the columns, and an empty state instead of an empty table.
 */
export function DataTable<T>({ caption, rows, columns, rowKey, rowData, emptyTitle }: DataTableProps<T>) {
  if (rows.length === 0) return <Empty title={emptyTitle} />;
  return (
    // A region that may scroll sideways must be reachable by keyboard (WCAG 2.1.1): focusable and named.
    <div class="table-wrap card" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.header} class={c.numeric ? 'num' : undefined}>
                {c.hideHeader ? <span class="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...(rowData?.(row) ?? {})}>
              {columns.map((c) => (
                <td key={c.header} class={[c.numeric ? 'num' : '', c.class ?? ''].join(' ').trim() || undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
