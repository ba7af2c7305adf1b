/** The checkbox chips with a pin glyph per kind (the nearby screen's kinds, the map screen's layers). */
export function KindChips({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: readonly { key: string; label: string; glyph: string }[];
  selected: string[];
  onChange: (next: (prev: string[]) => string[]) => void;
}) {
  return (
    <fieldset class="kind-filter">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.key} class="chip">
          <input
            type="checkbox"
            checked={selected.includes(o.key)}
            onChange={(e) => {
              const on = (e.currentTarget as HTMLInputElement).checked;
              onChange((prev) => (on ? [...prev, o.key] : prev.filter((k) => k !== o.key)));
            }}
          />{' '}
          <span class={`nearby-pin-inline nearby-pin-${o.key}`} aria-hidden="true">
            {o.glyph}
          </span>{' '}
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
