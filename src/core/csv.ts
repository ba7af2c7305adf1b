/**
 * CSV that German Excel opens correctly by double-click: UTF-8 with a byte-order mark (else umlauts break),
 * semicolons between cells (Excel's list separator in de-DE), CRLF line ends, decimals with a comma.
 * Cells that start like a formula (= + - @, tab, CR) get a leading apostrophe, so a description such as
 * "=HYPERLINK(…)" stays text (OWASP: CSV injection).
 */
const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | null;

function cell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function germanCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return BOM + [header, ...rows].map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n';
}

/** 1234 cents → "12,34" (no thousands separator: Excel reads it as a number either way, and sums stay simple). */
export const euros = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
