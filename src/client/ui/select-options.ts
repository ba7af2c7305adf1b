/** A choice of a `<select>` (ui/form.tsx's Field, ui/record-form.tsx). */
export type SelectOption = { value: string; label: string };

/**
 * A select's choices from a code → label map, in the map's order; with `none`, an empty first choice (value '')
 * for "not given". Codes that look like numbers sort first in a JavaScript object: write those lists out.
 */
export function selectOptions(labels: Record<string, string>, none?: string): SelectOption[] {
  const options = Object.entries(labels).map(([value, label]) => ({ value, label }));
  return none === undefined ? options : [{ value: '', label: none }, ...options];
}
